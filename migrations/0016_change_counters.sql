-- Counters that triggers move in the same transaction as a write (no code path can
-- forget them): an instance that remembers an answer for a moment checks the counter
-- it depends on at least every `session.recheck_ms`, so a write made through another
-- instance or the CLI voids it within that time (decision 35). `auth` moves whenever a
-- session ends or a user's row changes; modules add their own counters.
CREATE TABLE change_counters (
    name TEXT PRIMARY KEY,
    n BIGINT NOT NULL
);
INSERT INTO change_counters (name, n) VALUES ('auth', 0);
CREATE TRIGGER auth_session_ended AFTER DELETE ON sessions
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER auth_session_changed AFTER UPDATE OF id_hash, user_id, csrf, restricted, created_at ON sessions
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER auth_user_changed AFTER UPDATE OF id, email, password_hash, firstname, lastname, position, department, company_code, zones, badge, op_no, must_change_password, temp_password_expires, failed_logins, locked_until, disabled ON users
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'auth';
END;
CREATE TRIGGER auth_user_deleted AFTER DELETE ON users
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'auth';
END;
