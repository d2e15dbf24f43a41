-- SWPs: one row per uploaded package (a revision once deployed). Portable SQL.
-- Names are copied in at upload (owner_*, on_behalf_name): a document keeps the names
-- it was submitted under, and Browse can sort on them without a join.
CREATE TABLE swps (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    part_number TEXT NOT NULL,
    -- pending | rejected | deployed | obsolete | deleted
    status TEXT NOT NULL,
    -- set when deployed: 0 for a part's first release, then previous + 1
    revision BIGINT,
    format TEXT NOT NULL DEFAULT 'swp',
    owner_id TEXT NOT NULL,
    owner_firstname TEXT NOT NULL,
    owner_lastname TEXT NOT NULL,
    on_behalf_id TEXT,
    -- '' when uploaded for oneself (so it sorts the same on both databases)
    on_behalf_name TEXT NOT NULL DEFAULT '',
    -- JSON list as shown; swp_zones is the exact, queryable copy
    zones TEXT NOT NULL,
    -- one bit per zone code (its place in the core's list of zone codes; codes outside
    -- it share bit 62 and are then checked in swp_zones): visibility is one AND on a
    -- column the indexes below carry, so lists never visit rows a user cannot see
    zone_mask BIGINT NOT NULL DEFAULT 0,
    changes TEXT NOT NULL DEFAULT '',
    new_release BIGINT NOT NULL,
    reference_only BIGINT NOT NULL,
    bypass BIGINT NOT NULL DEFAULT 0,
    swc_file TEXT NOT NULL REFERENCES files (id),
    jes_file TEXT NOT NULL REFERENCES files (id),
    vis_file TEXT NOT NULL REFERENCES files (id),
    video_file TEXT REFERENCES files (id),
    -- SHA-256 over the documents' SHA-256s: approvals and signatures name this version
    content_hash TEXT NOT NULL,
    upload_date BIGINT NOT NULL,
    deploy_date BIGINT,
    obsolete_date BIGINT,
    deleted_date BIGINT,
    process_status TEXT NOT NULL DEFAULT 'Pending',
    process_reviewer_id TEXT,
    process_reviewer TEXT,
    process_date BIGINT,
    process_note TEXT,
    quality_status TEXT NOT NULL DEFAULT 'Pending',
    quality_reviewer_id TEXT,
    quality_reviewer TEXT,
    quality_date BIGINT,
    quality_note TEXT,
    production_status TEXT NOT NULL DEFAULT 'Pending',
    production_reviewer_id TEXT,
    production_reviewer TEXT,
    production_date BIGINT,
    production_note TEXT
);
-- Browse: one index per sort key, id next so the tie-break needs no sort step, and the
-- zone mask so the visibility check needs no row. The narrow one serves the counts.
CREATE INDEX swps_by_part ON swps (company_code, status, part_number, id, zone_mask);
CREATE INDEX swps_by_deploy ON swps (company_code, status, deploy_date, id, zone_mask);
CREATE INDEX swps_by_upload ON swps (company_code, status, upload_date, id, zone_mask);
CREATE INDEX swps_by_owner_name ON swps (company_code, status, owner_firstname, id, zone_mask);
CREATE INDEX swps_by_behalf_name ON swps (company_code, status, on_behalf_name, id, zone_mask);
CREATE INDEX swps_by_zones ON swps (company_code, status, zone_mask);
CREATE INDEX swps_owner ON swps (owner_id, status);
CREATE INDEX swps_behalf ON swps (on_behalf_id, status);
-- At most one deployed SWP per part, and revisions never repeat.
CREATE UNIQUE INDEX swps_one_deployed ON swps (company_code, part_number) WHERE status = 'deployed';
CREATE UNIQUE INDEX swps_part_revision ON swps (company_code, part_number, revision);

-- The zones of an SWP, one row each (visibility: a user sees SWPs of their zones).
CREATE TABLE swp_zones (
    swp_id TEXT NOT NULL REFERENCES swps (id),
    zone TEXT NOT NULL,
    PRIMARY KEY (swp_id, zone)
);

-- One row per part that ever deployed: the revision counter and the current SWP.
-- Deploys update this row first, which serialises them per part on both databases.
CREATE TABLE swp_parts (
    company_code TEXT NOT NULL,
    part_number TEXT NOT NULL,
    last_revision BIGINT NOT NULL,
    current_id TEXT,
    PRIMARY KEY (company_code, part_number)
);

-- Signed operation records (the spec's opsSigned): an operator identified by badge
-- acknowledges one SWP version, a verifier witnesses it. The island writes them; they
-- belong to the SWP, so the SWP module owns the table and reads it without the island.
CREATE TABLE swp_signs (
    id TEXT PRIMARY KEY,
    swp_id TEXT NOT NULL REFERENCES swps (id),
    operator_id TEXT NOT NULL,
    op_full_name TEXT NOT NULL,
    op_no TEXT NOT NULL DEFAULT '',
    date_signed BIGINT NOT NULL,
    verified BIGINT NOT NULL DEFAULT 0,
    verifier_id TEXT,
    cl_full_name TEXT,
    cl_op_no TEXT,
    date_verified BIGINT,
    -- the content_hash of the SWP version signed; a record whose hash is not its SWP's
    -- (copied to another document or version) is never shown
    version_hash TEXT NOT NULL
);
CREATE INDEX swp_signs_by_swp ON swp_signs (swp_id, date_signed);
CREATE INDEX swp_signs_by_operator ON swp_signs (operator_id, date_signed);
