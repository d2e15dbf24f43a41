-- Issue 28 item 1: two-component signatures. A person's PIN (argon2id, never kept in
-- clear), one-time when a manager issued it (changed at its first use at the kiosk);
-- and the mode each signature was given in ('badge' or 'badge+pin'): every record
-- written before this migration was a badge-only signature.
CREATE TABLE user_pins (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    pin_hash TEXT NOT NULL,
    one_time INTEGER NOT NULL DEFAULT 0,
    set_at BIGINT NOT NULL,
    set_by TEXT NOT NULL
);
ALTER TABLE acknowledgements ADD COLUMN sign_mode TEXT NOT NULL DEFAULT 'badge';
ALTER TABLE acknowledgements ADD COLUMN verify_mode TEXT;
