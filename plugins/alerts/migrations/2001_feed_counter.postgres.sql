-- The kiosk feeds remember which alerts are in force in a zone (and which an operator
-- has signed) while this counter stands still (decision 35): it moves with every write
-- of an alert's zones or status and of an alert's signatures, in the same transaction.
-- PostgreSQL variant: triggers need a function.
INSERT INTO change_counters (name, n) VALUES ('alerts', 0);
CREATE FUNCTION alerts_changed() RETURNS trigger AS $$
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'alerts';
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER alerts_zones_written AFTER INSERT OR UPDATE OR DELETE ON alert_zones
    FOR EACH ROW EXECUTE FUNCTION alerts_changed();
CREATE TRIGGER alerts_changed AFTER UPDATE ON alerts
    FOR EACH ROW EXECUTE FUNCTION alerts_changed();
CREATE TRIGGER alerts_signed AFTER INSERT OR UPDATE ON acknowledgements
    FOR EACH ROW WHEN (NEW.doc_kind = 'alert') EXECUTE FUNCTION alerts_changed();
CREATE TRIGGER alerts_signature_removed AFTER DELETE ON acknowledgements
    FOR EACH ROW WHEN (OLD.doc_kind = 'alert') EXECUTE FUNCTION alerts_changed();
