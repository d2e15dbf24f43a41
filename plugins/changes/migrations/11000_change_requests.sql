-- Change requests (Change Control): a reason, references and documents carried to the
-- floor under the core's review engine. The engine's record columns are those of every
-- reviewed document; `part_number` is the request's number (a request spans parts, and
-- no catalogue part is made for it). Portable SQL (SQLite and PostgreSQL).
CREATE TABLE change_requests (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    -- readable and unique in the company: CR-<year>-<sequence> (CR-2026-0001)
    number TEXT NOT NULL,
    part_number TEXT NOT NULL,
    part_id TEXT,
    -- the engine's: pending (in review) | rejected (back to its author) | deployed
    -- (approved) | deleted (cancelled); closed is closed_at set
    status TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    owner_firstname TEXT NOT NULL,
    owner_lastname TEXT NOT NULL,
    on_behalf_id TEXT,
    on_behalf_name TEXT NOT NULL DEFAULT '',
    zones TEXT NOT NULL,
    zone_mask BIGINT NOT NULL DEFAULT 0,
    -- the reason for the change
    changes TEXT NOT NULL,
    title TEXT NOT NULL,
    -- JSON lists: ["8D-1234", …] and [{"kind": "swp", "partNumber": "P1"}, …]
    refs TEXT NOT NULL,
    documents TEXT NOT NULL,
    upload_date BIGINT NOT NULL,
    deploy_date BIGINT,
    closed_at BIGINT,
    closed_by TEXT,
    close_reason TEXT,
    corrects_id TEXT,
    corrects_date BIGINT,
    corrects_reviewer TEXT,
    corrects_note TEXT,
    process_status TEXT NOT NULL DEFAULT 'Pending',
    process_reviewer_id TEXT,
    process_reviewer TEXT,
    process_date BIGINT,
    process_note TEXT,
    quality_status TEXT NOT NULL DEFAULT 'Pending',
    quality_reviewer_id TEXT,
    quality_reviewer TEXT,
    quality_date BIGINT,
    quality_note TEXT
);
CREATE UNIQUE INDEX change_requests_number ON change_requests (company_code, number);
CREATE INDEX change_requests_by_upload ON change_requests (company_code, upload_date, id);

-- Its zones, one row each, with the date it takes effect there ('YYYY-MM-DD', NULL: at
-- deploy), when that was told, and the cut-in: the first verified signature of one of
-- its revisions in the zone.
CREATE TABLE change_request_zones (
    request_id TEXT NOT NULL REFERENCES change_requests (id),
    zone TEXT NOT NULL,
    effective TEXT,
    told_at BIGINT,
    live_at BIGINT,
    live_operator TEXT,
    live_verifier TEXT,
    PRIMARY KEY (request_id, zone)
);

-- The revisions submitted under it, and when each was deployed.
CREATE TABLE change_request_revisions (
    request_id TEXT NOT NULL REFERENCES change_requests (id),
    doc_kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    part_number TEXT NOT NULL,
    reason TEXT NOT NULL,
    submitted_at BIGINT NOT NULL,
    deployed_at BIGINT,
    PRIMARY KEY (request_id, doc_id)
);
CREATE INDEX change_request_revisions_doc ON change_request_revisions (doc_id);

-- Number sequences per company and year; the UPDATE of a row serialises two requests.
CREATE TABLE change_request_seq (
    company_code TEXT NOT NULL,
    year TEXT NOT NULL,
    last_seq BIGINT NOT NULL,
    PRIMARY KEY (company_code, year)
);
