-- Issue 28: the auditor's file checks the chain at the rows about its part only
-- (audit::verify_targets), found by their target; seq orders them.
CREATE INDEX audit_log_by_target ON audit_log (target, seq);
