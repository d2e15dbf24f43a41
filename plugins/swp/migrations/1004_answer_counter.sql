-- Counter `swp` moves with every write of an SWP, its zones or its part's revision
-- counter, in the same transaction: Browse pages and the part search are remembered
-- while it (and `acks`, for the sign records they show) stands still (decision 37).
INSERT INTO change_counters (name, n) VALUES ('swp', 0);
CREATE TRIGGER swp_added AFTER INSERT ON swps
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_changed AFTER UPDATE ON swps
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_removed AFTER DELETE ON swps
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_zones_added AFTER INSERT ON swp_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_zones_changed AFTER UPDATE ON swp_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_zones_removed AFTER DELETE ON swp_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_parts_added AFTER INSERT ON swp_parts
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_parts_changed AFTER UPDATE ON swp_parts
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_parts_removed AFTER DELETE ON swp_parts
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
