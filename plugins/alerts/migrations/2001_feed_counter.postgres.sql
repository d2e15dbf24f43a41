-- The kiosk feeds remember which alerts are in force in a zone while this counter
-- stands still (decision 35): it moves with every write of an alert's zone rows (added
-- at upload, deployed, taken down), in the same transaction. PostgreSQL variant:
-- triggers need a function.
INSERT INTO change_counters (name, n) VALUES ('alerts', 0);
CREATE FUNCTION alerts_changed() RETURNS trigger AS $$
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER alerts_zones_written AFTER INSERT OR UPDATE OR DELETE ON alert_zones
    FOR EACH ROW EXECUTE FUNCTION alerts_changed();
