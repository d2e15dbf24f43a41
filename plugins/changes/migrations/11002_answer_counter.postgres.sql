-- What is in force at a kiosk moves with change requests (decision 114): their writes move
-- the SWP answers' counter ('swp', the core's change_counters) in the same transaction, so
-- kept kiosk answers are rebuilt on every instance within `session.recheck_ms`. A plant
-- without the SWP module has no 'swp' row: the UPDATE then changes nothing.
-- PostgreSQL variant: the core's `change_counter_bump`, once per statement.
CREATE TRIGGER change_requests_written AFTER INSERT OR UPDATE OR DELETE ON change_requests
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('swp');
CREATE TRIGGER change_request_zones_written AFTER INSERT OR UPDATE OR DELETE ON change_request_zones
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('swp');
CREATE TRIGGER change_request_revisions_written AFTER INSERT OR UPDATE OR DELETE ON change_request_revisions
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('swp');
