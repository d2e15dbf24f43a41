-- The kiosk feeds remember which alerts are in force in a zone (and which an operator
-- has signed) while this counter stands still (decision 35): it moves with every write
-- of an alert's zones or status and of an alert's signatures, in the same transaction.
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
CREATE TRIGGER alerts_changed AFTER UPDATE ON alerts
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
END;
CREATE TRIGGER alerts_signed AFTER INSERT ON acknowledgements WHEN NEW.doc_kind = 'alert'
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
END;
CREATE TRIGGER alerts_signature_changed AFTER UPDATE ON acknowledgements WHEN NEW.doc_kind = 'alert' OR OLD.doc_kind = 'alert'
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
END;
CREATE TRIGGER alerts_signature_removed AFTER DELETE ON acknowledgements WHEN OLD.doc_kind = 'alert'
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
END;
