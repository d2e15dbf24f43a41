-- Counter `swp` moves with every write of an SWP, its zones or its part's revision
-- counter, in the same transaction: Browse pages and the part search are remembered
-- while it (and `acks`, for the sign records they show) stands still (decision 37).
-- PostgreSQL variant: the core's `change_counter_bump`, once per statement.
INSERT INTO change_counters (name, n) VALUES ('swp', 0);
CREATE TRIGGER swp_written AFTER INSERT OR UPDATE OR DELETE ON swps
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('swp');
CREATE TRIGGER swp_zones_written AFTER INSERT OR UPDATE OR DELETE ON swp_zones
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('swp');
CREATE TRIGGER swp_parts_written AFTER INSERT OR UPDATE OR DELETE ON swp_parts
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('swp');
