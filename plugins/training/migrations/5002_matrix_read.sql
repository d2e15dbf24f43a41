-- The matrix read packs each column's levels set and its part's verified reads into one
-- row (plugins/training/src/store/read.rs): both come from a range of a covering index,
-- with no look-up of the table row per block or per read.
CREATE INDEX training_blocks_levels ON training_blocks (part_row, op_row, squares, updated_at);
CREATE INDEX training_reads_part ON training_reads (company_code, part_number, op_id, verified_at, requalified_at);
