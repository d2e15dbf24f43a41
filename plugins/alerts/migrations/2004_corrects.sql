-- 'Submit a corrected version' (issue 26): an alert may name the rejected alert it
-- corrects, with that rejection as it stood (its date, reviewer and note). A rejected
-- alert never changes again, so the copy stays true and every read shows it without a
-- join (core/src/app/review/correct.rs). Portable SQL (SQLite and PostgreSQL).
ALTER TABLE alerts ADD COLUMN corrects_id TEXT REFERENCES alerts (id);
ALTER TABLE alerts ADD COLUMN corrects_date BIGINT;
ALTER TABLE alerts ADD COLUMN corrects_reviewer TEXT;
ALTER TABLE alerts ADD COLUMN corrects_note TEXT;
