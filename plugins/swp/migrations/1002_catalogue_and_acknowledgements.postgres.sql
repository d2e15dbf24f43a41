-- PostgreSQL variant: ids from gen_random_uuid() instead of SQLite's randomblob.
-- The core's part catalogue and acknowledgements replace what this module kept itself:
-- every SWP names its catalogue part (a stable id across revisions), and the sign
-- records move, with their data, into the core's acknowledgements.
INSERT INTO parts (id, part_number, description, company_code, created_at)
SELECT replace(gen_random_uuid()::text, '-', ''), part_number, '', company_code, MIN(upload_date) FROM swps GROUP BY company_code, part_number
ON CONFLICT (company_code, part_number) DO NOTHING;
ALTER TABLE swps ADD COLUMN part_id TEXT REFERENCES parts (id);
UPDATE swps SET part_id = (SELECT p.id FROM parts p WHERE p.company_code = swps.company_code AND p.part_number = swps.part_number);
INSERT INTO acknowledgements (id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning, verifier_id, cl_full_name, cl_op_no, verified_at, verify_meaning)
SELECT id, 'swp', swp_id, version_hash, operator_id, op_full_name, op_no, date_signed, 'read and understood',
       verifier_id, cl_full_name, cl_op_no, CASE WHEN verified <> 0 THEN date_verified END, CASE WHEN verified <> 0 THEN 'verified' END
FROM swp_signs;
DROP TABLE swp_signs;
