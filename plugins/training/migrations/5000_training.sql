-- Training matrices: one per company, shift (1-3), cell (A-D) and zone (1-3). Parts are
-- columns (a catalogue part with the matrix's description, rotation and target), operators
-- are rows (a user with position operator), a block is the level of one operator on one
-- part in one matrix. A block row exists once its level was set: a missing one is -1.
CREATE TABLE training_parts (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    shift BIGINT NOT NULL,
    cell TEXT NOT NULL,
    zone BIGINT NOT NULL,
    part_id TEXT NOT NULL REFERENCES parts (id),
    part_desc TEXT NOT NULL,
    rotation BIGINT NOT NULL,
    cert_target BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (company_code, shift, cell, zone, part_id)
);
CREATE INDEX training_parts_part ON training_parts (part_id);

CREATE TABLE training_ops (
    id TEXT PRIMARY KEY,
    company_code TEXT NOT NULL,
    shift BIGINT NOT NULL,
    cell TEXT NOT NULL,
    zone BIGINT NOT NULL,
    op_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    cert_target BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (company_code, shift, cell, zone, op_id)
);
CREATE INDEX training_ops_op ON training_ops (op_id);

CREATE TABLE training_blocks (
    part_row TEXT NOT NULL REFERENCES training_parts (id) ON DELETE CASCADE,
    op_row TEXT NOT NULL REFERENCES training_ops (id) ON DELETE CASCADE,
    squares BIGINT NOT NULL,
    -- The level before the last write (returned by the upsert for the audit row).
    prev_squares BIGINT NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    updated_at BIGINT NOT NULL,
    updated_by TEXT,
    PRIMARY KEY (part_row, op_row)
);
CREATE INDEX training_blocks_op ON training_blocks (op_row);
