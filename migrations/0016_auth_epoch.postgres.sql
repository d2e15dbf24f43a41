-- A counter that moves whenever a session ends or a user's row changes, in the same
-- transaction (triggers: no code path can forget it). Each instance remembers sessions
-- for a moment and reads this counter with every session it loads, so a logout, a
-- disable or a change made through another instance or the CLI voids what it
-- remembers within `session.recheck_ms` (decision 35). PostgreSQL variant: triggers
-- need a function.
CREATE TABLE auth_epoch (
    id BIGINT PRIMARY KEY,
    n BIGINT NOT NULL
);
INSERT INTO auth_epoch (id, n) VALUES (1, 0);
CREATE FUNCTION auth_epoch_bump() RETURNS trigger AS $$
BEGIN
    UPDATE auth_epoch SET n = n + 1 WHERE id = 1;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER auth_epoch_session_ended AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
CREATE TRIGGER auth_epoch_session_changed AFTER UPDATE OF id_hash, user_id, csrf, restricted, created_at ON sessions
    FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
CREATE TRIGGER auth_epoch_user_changed AFTER UPDATE OF id, email, password_hash, firstname, lastname, position, department, company_code, zones, badge, op_no, must_change_password, temp_password_expires, failed_logins, locked_until, disabled ON users
    FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
CREATE TRIGGER auth_epoch_user_deleted AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
