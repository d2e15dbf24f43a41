-- Issue 28 item 2 (21 CFR 11.70): a signature is linked to its record. Once written, a
-- sign record's document, version (SHA-256), signer, time, meaning and mode never
-- change: it cannot be moved to another version or person. Verifying it (the verifier's
-- columns, once) stays the only update. PostgreSQL variant.
CREATE FUNCTION acknowledgements_bound() RETURNS trigger AS $$
BEGIN
    IF (NEW.doc_kind, NEW.doc_id, NEW.version_hash, NEW.operator_id, NEW.signed_at, NEW.sign_meaning, NEW.sign_mode)
        IS DISTINCT FROM (OLD.doc_kind, OLD.doc_id, OLD.version_hash, OLD.operator_id, OLD.signed_at, OLD.sign_meaning, OLD.sign_mode) THEN
        RAISE EXCEPTION 'a signature is bound to its document version and signer';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER acknowledgements_bound BEFORE UPDATE ON acknowledgements
    FOR EACH ROW EXECUTE FUNCTION acknowledgements_bound();
