-- The two reads of issue 32 item 5, answered from an index alone (portable SQL):
-- the summary's open obligations grouped by zone list, and the kiosk's open
-- obligations of one operator with the zone tested on the mask before any row is read.
-- Partial (open rows only): what a deploy or a signature writes grows by one small entry.
CREATE INDEX readiness_obligations_open_zones ON readiness_obligations (company_code, zones, zone_mask, due_date) WHERE state = 'open';
CREATE INDEX readiness_obligations_kiosk ON readiness_obligations (operator_id, company_code, due_date, id, zone_mask, zones, part_number, part_id, kind, alert_tag) WHERE state = 'open';
-- Done within the last 30 days, without reading every signature of the company's past.
CREATE INDEX readiness_obligations_done ON readiness_obligations (company_code, done_date) WHERE state = 'done';
