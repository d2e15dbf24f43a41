-- 'Submit a corrected version' (issue 26): an SWP may name the rejected SWP it corrects,
-- with that rejection as it stood (its date, reviewer and note). A rejected SWP never
-- changes again, so the copy stays true and every read shows it without a join
-- (core/src/app/review/correct.rs). Portable SQL (SQLite and PostgreSQL).
ALTER TABLE swps ADD COLUMN corrects_id TEXT REFERENCES swps (id);
ALTER TABLE swps ADD COLUMN corrects_date BIGINT;
ALTER TABLE swps ADD COLUMN corrects_reviewer TEXT;
ALTER TABLE swps ADD COLUMN corrects_note TEXT;
