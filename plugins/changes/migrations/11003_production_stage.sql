-- The production stage a plant may add to its change requests' review ([modules.changes]
-- stages). Requests raised before it never had it: 'Not required' (the engine's verdict
-- for a stage outside a document's flow). Portable SQL.
ALTER TABLE change_requests ADD COLUMN production_status TEXT NOT NULL DEFAULT 'Not required';
ALTER TABLE change_requests ADD COLUMN production_reviewer_id TEXT;
ALTER TABLE change_requests ADD COLUMN production_reviewer TEXT;
ALTER TABLE change_requests ADD COLUMN production_date BIGINT;
ALTER TABLE change_requests ADD COLUMN production_note TEXT;
