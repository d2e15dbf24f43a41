-- 'Readings overdue in your zone' (issue 27): when the zone's supervisors and managers
-- were told that this open obligation passed its due date (ms), so each is counted once.
-- Portable SQL (SQLite and PostgreSQL).
ALTER TABLE readiness_obligations ADD COLUMN overdue_told BIGINT;
CREATE INDEX readiness_obligations_untold ON readiness_obligations (state, overdue_told, due_date);
