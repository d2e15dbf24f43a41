-- Each sign record's JSON object is kept, one row a record, by a trigger in the same
-- transaction as every write of the record (decision 96); a version's array is put
-- together when read, newest first, from its records' objects (acks::version_json_sql).
-- The arrays of 0018 were rebuilt whole on every sign write (all of the version's
-- records again, with the list's row locked); a write now makes one object, and no
-- row is shared by parallel signers of one version. PostgreSQL variant:
-- `sign_record_json` is the one definition of the object (0027's fields).
DROP TRIGGER sign_lists_follow ON acknowledgements;
DROP FUNCTION sign_lists_follow();
DROP FUNCTION sign_list_refresh(TEXT, TEXT, TEXT);
DROP VIEW sign_list_json;
DROP TABLE sign_lists;

CREATE VIEW sign_record_json AS
SELECT id, doc_kind, doc_id, version_hash, signed_at,
    json_build_object(
        '_id', id,
        'verified', verified_at IS NOT NULL,
        'op', json_build_object('_id', operator_id, 'fullName', op_full_name, 'opNo', op_no),
        'dateSigned', json_build_object('date', to_char(to_timestamp(signed_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'cl', CASE WHEN verifier_id IS NULL THEN NULL ELSE json_build_object('_id', verifier_id, 'fullName', cl_full_name, 'opNo', cl_op_no) END,
        'dateVerified', CASE WHEN verified_at IS NULL THEN NULL ELSE json_build_object('date', to_char(to_timestamp(verified_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END,
        'versionHash', version_hash,
        'signMeaning', 'Read',
        'signMode', sign_mode,
        'verifyMeaning', CASE WHEN verified_at IS NULL THEN NULL ELSE 'Verified' END,
        'verifyMode', CASE WHEN verified_at IS NULL THEN NULL ELSE COALESCE(verify_mode, 'badge') END
    )::text AS o
FROM acknowledgements;

CREATE TABLE sign_record_objects (
    id TEXT PRIMARY KEY,
    doc_kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    version_hash TEXT NOT NULL,
    signed_at BIGINT NOT NULL,
    o TEXT NOT NULL
);
CREATE INDEX sign_record_objects_by_version ON sign_record_objects (doc_kind, doc_id, version_hash, signed_at DESC, id);
INSERT INTO sign_record_objects (id, doc_kind, doc_id, version_hash, signed_at, o)
    SELECT id, doc_kind, doc_id, version_hash, signed_at, o FROM sign_record_json;

CREATE FUNCTION sign_record_objects_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM sign_record_objects WHERE id = OLD.id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO sign_record_objects (id, doc_kind, doc_id, version_hash, signed_at, o)
            SELECT id, doc_kind, doc_id, version_hash, signed_at, o FROM sign_record_json WHERE id = NEW.id;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER sign_record_objects_follow AFTER INSERT OR UPDATE OR DELETE ON acknowledgements
    FOR EACH ROW EXECUTE FUNCTION sign_record_objects_follow();

-- The auditor's file reads a document's records in (time, id) order, a page at a time
-- (acks::trail_page): the index gives that order, so a page reads only its rows.
DROP INDEX acknowledgements_by_doc;
CREATE INDEX acknowledgements_by_doc ON acknowledgements (doc_kind, doc_id, signed_at, id);
