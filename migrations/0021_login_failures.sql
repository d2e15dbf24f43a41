-- Issue 25 (low item): failed sign-ins are counted per e-mail as typed (its SHA-256) and client address,
-- whether or not the e-mail belongs to an account, so a lockout answers the same for
-- unknown e-mails and a stranger's guesses do not lock the owner out at their own
-- address. users.failed_logins and users.locked_until are no longer written.
CREATE TABLE login_failures (
    email_hash TEXT NOT NULL,
    client TEXT NOT NULL,
    failures BIGINT NOT NULL,
    locked_until BIGINT,
    last_failed_at BIGINT NOT NULL,
    PRIMARY KEY (email_hash, client)
);
CREATE INDEX login_failures_last ON login_failures (last_failed_at);
