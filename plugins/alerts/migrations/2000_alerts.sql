-- Alerts: one row per uploaded alert (one file). Portable SQL (SQLite and PostgreSQL).
-- Names are copied in at upload, as for SWPs.
CREATE TABLE alerts (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    -- readable and unique: type letter, year, sequence (C-2026-0001)
    alert_tag TEXT NOT NULL,
    -- Change | Quality | Safety | New Part
    alert_type TEXT NOT NULL,
    part_number TEXT NOT NULL,
    part_id TEXT NOT NULL REFERENCES parts (id),
    -- pending | rejected | deployed | deleted (expired is derived: deployed and sunset passed)
    status TEXT NOT NULL,
    owner_id TEXT NOT NULL,
    owner_firstname TEXT NOT NULL,
    owner_lastname TEXT NOT NULL,
    on_behalf_id TEXT,
    on_behalf_name TEXT NOT NULL DEFAULT '',
    zones TEXT NOT NULL,
    zone_mask BIGINT NOT NULL DEFAULT 0,
    changes TEXT NOT NULL DEFAULT '',
    file_id TEXT NOT NULL REFERENCES files (id),
    -- SHA-256 of the file: approvals and signatures name this version
    file_hash TEXT NOT NULL,
    upload_date BIGINT NOT NULL,
    effective_date BIGINT NOT NULL,
    sunset_date BIGINT NOT NULL,
    deploy_date BIGINT,
    deleted_date BIGINT,
    engineer_status TEXT NOT NULL DEFAULT 'Pending',
    engineer_reviewer_id TEXT,
    engineer_reviewer TEXT,
    engineer_date BIGINT,
    engineer_note TEXT,
    manager_status TEXT NOT NULL DEFAULT 'Pending',
    manager_reviewer_id TEXT,
    manager_reviewer TEXT,
    manager_date BIGINT,
    manager_note TEXT
);
CREATE UNIQUE INDEX alerts_tag ON alerts (company_code, alert_tag);
CREATE INDEX alerts_by_upload ON alerts (company_code, status, upload_date, id, zone_mask);
CREATE INDEX alerts_owner ON alerts (owner_id, status);
CREATE INDEX alerts_behalf ON alerts (on_behalf_id, status);

-- The zones of an alert, one row each, with what the kiosk feed filters on copied in
-- (kept in step by every write of status): the feed of a zone is one index range over
-- the alerts not yet sunset, whatever the number of expired ones.
CREATE TABLE alert_zones (
    alert_id TEXT NOT NULL REFERENCES alerts (id),
    zone TEXT NOT NULL,
    company_code TEXT NOT NULL,
    deployed BIGINT NOT NULL DEFAULT 0,
    effective_date BIGINT NOT NULL,
    sunset_date BIGINT NOT NULL,
    PRIMARY KEY (alert_id, zone)
);
CREATE INDEX alert_zones_feed ON alert_zones (company_code, zone, deployed, sunset_date, effective_date, alert_id);

-- Alert tag sequences per company, type letter and year; the UPDATE of a row serialises
-- uploads of the same counter on both databases.
CREATE TABLE alert_tag_seq (
    company_code TEXT NOT NULL,
    prefix TEXT NOT NULL,
    last_seq BIGINT NOT NULL,
    PRIMARY KEY (company_code, prefix)
);
