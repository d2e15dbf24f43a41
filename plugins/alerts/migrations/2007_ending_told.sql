-- 'An alert in force ends soon' (issue 27): when its engineer was told that the alert's
-- sunset date is near (ms), so each alert is told once, whatever the number of
-- instances or ticks. Portable SQL (SQLite and PostgreSQL).
ALTER TABLE alerts ADD COLUMN ending_told BIGINT;
