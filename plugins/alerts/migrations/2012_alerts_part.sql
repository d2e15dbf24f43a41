-- A part's alerts by company (the machines' in-force read, a part's alert history): the
-- company's alerts were scanned for the part before (island-bench --plans).
CREATE INDEX alerts_part ON alerts (company_code, part_number);
