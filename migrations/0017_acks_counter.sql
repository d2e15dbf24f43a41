-- Counter `acks` (decision 35's change counters) moves with every write of a sign
-- record, in the same transaction: answers that show sign records (an SWP list's
-- opsSigned, say) are remembered while it stands still (decision 37).
INSERT INTO change_counters (name, n) VALUES ('acks', 0);
CREATE TRIGGER acks_added AFTER INSERT ON acknowledgements
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'acks';
END;
CREATE TRIGGER acks_changed AFTER UPDATE ON acknowledgements
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'acks';
END;
CREATE TRIGGER acks_removed AFTER DELETE ON acknowledgements
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'acks';
END;
