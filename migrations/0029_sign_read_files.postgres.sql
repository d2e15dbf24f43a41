-- Issue 29 item 4: a sign record names the files the operator was shown (a translated
-- SWC, the original JES, ...): JSON [{section, lang, sha256}], lang null for an
-- original. Written once, in the signing transaction; like the rest of the signature it
-- never changes after (the binding function of 0025 gains the column). PostgreSQL variant.
ALTER TABLE acknowledgements ADD COLUMN read_files TEXT;
CREATE OR REPLACE FUNCTION acknowledgements_bound() RETURNS trigger AS $$
BEGIN
    IF (NEW.doc_kind, NEW.doc_id, NEW.version_hash, NEW.operator_id, NEW.signed_at, NEW.sign_meaning, NEW.sign_mode)
        IS DISTINCT FROM (OLD.doc_kind, OLD.doc_id, OLD.version_hash, OLD.operator_id, OLD.signed_at, OLD.sign_meaning, OLD.sign_mode)
        OR (OLD.read_files IS NOT NULL AND NEW.read_files IS DISTINCT FROM OLD.read_files) THEN
        RAISE EXCEPTION 'a signature is bound to its document version and signer';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
