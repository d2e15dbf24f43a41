-- Issue 25 (docs/users.md): an e-mail change asked by someone else (a manager's Edit
-- User) takes effect only when the person confirms it with their own password, from a
-- link mailed to the new address. One live request per user; used or replaced rows stay
-- until the next request of the user.
CREATE TABLE email_changes (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    old_email TEXT NOT NULL,
    new_email TEXT NOT NULL,
    requested_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX email_changes_user ON email_changes (user_id);
