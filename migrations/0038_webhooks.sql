-- Signed webhooks: endpoints a plant allows ([webhooks] allow), and one delivery per event
-- and endpoint, written in the event's transaction (the outbox: a restart loses none).
CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    url TEXT NOT NULL,
    events TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    -- the signing key (whsec_ + base64): needed to sign, so kept as is, like the server's key
    secret TEXT NOT NULL,
    created_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    disabled_at BIGINT
);
CREATE INDEX webhooks_company ON webhooks (company_code);

CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    webhook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    -- pending | delivered | failed
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_at BIGINT NOT NULL,
    claimed_until BIGINT,
    claim TEXT,
    answer_code BIGINT,
    error TEXT,
    created_at BIGINT NOT NULL,
    done_at BIGINT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_at);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries (webhook_id, created_at);
