-- Browse with a search term sorted by another key than the part number: the part
-- number joins the end of each sort key's index, so a broad term (a large share of
-- the list) is filtered while walking that index, from the index alone, in order,
-- instead of sorting every match (docs/speed.md, 'Browse and search').
-- ANALYZE at the end: SQLite plans with statistics per index, and the new ones have none.
DROP INDEX swps_by_deploy;
CREATE INDEX swps_by_deploy ON swps (company_code, status, deploy_date, id, zone_mask, part_number);
DROP INDEX swps_by_upload;
CREATE INDEX swps_by_upload ON swps (company_code, status, upload_date, id, zone_mask, part_number);
DROP INDEX swps_by_owner_name;
CREATE INDEX swps_by_owner_name ON swps (company_code, status, owner_firstname, id, zone_mask, part_number);
DROP INDEX swps_by_behalf_name;
CREATE INDEX swps_by_behalf_name ON swps (company_code, status, on_behalf_name, id, zone_mask, part_number);
ANALYZE swps;
