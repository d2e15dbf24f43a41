-- Qualification that stays true: what the effective level is computed from besides the
-- level set (training_blocks.updated_at is when it was set). Kept by the module's
-- listeners in the act's transaction, by company, operator and part number.
-- The newest verified read of any revision of a part (island.verified), and the newest
-- one witnessed by a verifier at level 4 on the part or a supervisor (requalification).
CREATE TABLE training_reads (
    company_code TEXT NOT NULL,
    op_id TEXT NOT NULL,
    part_number TEXT NOT NULL,
    verified_at BIGINT NOT NULL,
    requalified_at BIGINT,
    PRIMARY KEY (op_id, company_code, part_number)
);
-- The newest new release (newRelease: true) of a part deployed (swp.deployed).
CREATE TABLE training_releases (
    company_code TEXT NOT NULL,
    part_number TEXT NOT NULL,
    released_at BIGINT NOT NULL,
    PRIMARY KEY (company_code, part_number)
);
-- Waivers: the gate lets the operator run the part from starts_at until ends_at.
CREATE TABLE training_waivers (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    op_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    part_number TEXT NOT NULL,
    reason TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    granted_by TEXT NOT NULL,
    revoked_at BIGINT,
    revoked_by TEXT,
    -- How it was granted: console, or kiosk with the signature's mode.
    via TEXT NOT NULL DEFAULT 'console'
);
CREATE INDEX training_waivers_op ON training_waivers (op_id, part_number, ends_at);
-- Levels whose expiry was told (expiring_notice_days), once per level set.
CREATE TABLE training_expiry_told (
    part_row TEXT NOT NULL,
    op_row TEXT NOT NULL,
    set_at BIGINT NOT NULL,
    PRIMARY KEY (part_row, op_row, set_at)
);
