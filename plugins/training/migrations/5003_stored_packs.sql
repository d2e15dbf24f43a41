-- The matrix read's packed texts (plugins/training/src/store/read.rs) are stored, not
-- built on every read: a column's levels set on its training_parts row, a part's verified
-- reads on its training_packed row. Each is rewritten from its rows in the transaction of
-- every change (store::set_level, listen.rs), so it is always current: no staleness rule.
ALTER TABLE training_parts ADD COLUMN levels TEXT;
UPDATE training_parts SET levels = (SELECT string_agg(format('%s,%s,%s', b.op_row, b.squares, b.updated_at), ';')
    FROM training_blocks b WHERE b.part_row = training_parts.id);
CREATE TABLE training_packed (
    company_code TEXT NOT NULL,
    part_number TEXT NOT NULL,
    reads TEXT,
    PRIMARY KEY (company_code, part_number)
);
INSERT INTO training_packed (company_code, part_number, reads)
    SELECT r.company_code, r.part_number, string_agg(format('%s,%s,%s', r.op_id, r.verified_at, r.requalified_at), ';')
    FROM training_reads r GROUP BY r.company_code, r.part_number;
