-- Counter `acks` (decision 35's change counters) moves with every write of a sign
-- record, in the same transaction: answers that show sign records (an SWP list's
-- opsSigned, say) are remembered while it stands still (decision 37).
-- PostgreSQL variant. `change_counter_bump('<name>')` is the one trigger function for
-- any counter (modules use it too); a statement trigger moves the counter once per
-- statement, however many rows it wrote.
CREATE FUNCTION change_counter_bump() RETURNS trigger AS $$
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = TG_ARGV[0];
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
INSERT INTO change_counters (name, n) VALUES ('acks', 0);
CREATE TRIGGER acks_written AFTER INSERT OR UPDATE OR DELETE ON acknowledgements
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('acks');
