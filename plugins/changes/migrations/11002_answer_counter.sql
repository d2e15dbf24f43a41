-- What is in force at a kiosk moves with change requests (decision 114): their writes move
-- the SWP answers' counter ('swp', the core's change_counters) in the same transaction, so
-- kept kiosk answers are rebuilt on every instance within `session.recheck_ms`. A plant
-- without the SWP module has no 'swp' row: the UPDATE then changes nothing.
CREATE TRIGGER change_requests_added AFTER INSERT ON change_requests
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_requests_changed AFTER UPDATE ON change_requests
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_requests_removed AFTER DELETE ON change_requests
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_request_zones_added AFTER INSERT ON change_request_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_request_zones_changed AFTER UPDATE ON change_request_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_request_zones_removed AFTER DELETE ON change_request_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_request_revisions_added AFTER INSERT ON change_request_revisions
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_request_revisions_changed AFTER UPDATE ON change_request_revisions
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER change_request_revisions_removed AFTER DELETE ON change_request_revisions
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
