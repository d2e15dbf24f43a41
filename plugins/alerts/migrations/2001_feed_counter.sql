-- The kiosk feeds remember which alerts are in force in a zone while this counter
-- stands still (decision 35): it moves with every write of an alert's zone rows (added
-- at upload, deployed, taken down), in the same transaction.
INSERT INTO change_counters (name, n) VALUES ('alerts', 0);
CREATE TRIGGER alerts_zones_added AFTER INSERT ON alert_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
END;
CREATE TRIGGER alerts_zones_changed AFTER UPDATE ON alert_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
END;
CREATE TRIGGER alerts_zones_removed AFTER DELETE ON alert_zones
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
END;
