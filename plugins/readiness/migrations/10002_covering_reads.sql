-- The two reads of issue 32 item 5, answered from an index alone (portable SQL):
-- the summary's open obligations grouped by zone list, and the kiosk's open
-- obligations of one operator with the zone tested on the mask before any row is read.
-- Partial (open rows only): what a deploy or a signature writes grows by one small entry.
-- `state` is a column too: without it SQLite (3.40) reads the table's row to test the
-- query's `state = 'open'` although the index holds open rows only.
CREATE INDEX readiness_obligations_open_zones ON readiness_obligations (company_code, zones, zone_mask, due_date, state) WHERE state = 'open';
CREATE INDEX readiness_obligations_kiosk ON readiness_obligations (operator_id, company_code, due_date, id, zone_mask, zones, part_number, part_id, kind, alert_tag, state) WHERE state = 'open';
-- Done within the last 30 days, without reading every signature of the company's past.
CREATE INDEX readiness_obligations_done ON readiness_obligations (company_code, done_date) WHERE state = 'done';
