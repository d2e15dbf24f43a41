-- Kiosk requests already answered, by the netbook's idempotency key: a read or a
-- verification sent again after a lost answer is recorded once and answered the same.
CREATE TABLE island_requests (
    idem_key TEXT PRIMARY KEY,
    kiosk_user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    answer TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX island_requests_created ON island_requests (created_at);
