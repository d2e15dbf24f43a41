-- Each document version's sign records as one JSON array (newest first), kept by
-- triggers in the same transaction as every write of a sign record, so no path can
-- forget it (decision 42). PostgreSQL variant: the list's row is locked before the
-- array is read again, so two transactions signing one version at once are applied one
-- after the other (the second reads the first's record once it has committed).
CREATE VIEW sign_list_json AS
SELECT doc_kind, doc_id, version_hash,
    json_agg(json_build_object(
        '_id', id,
        'verified', verified_at IS NOT NULL,
        'op', json_build_object('_id', operator_id, 'fullName', op_full_name, 'opNo', op_no),
        'dateSigned', json_build_object('date', to_char(to_timestamp(signed_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'cl', CASE WHEN verifier_id IS NULL THEN NULL ELSE json_build_object('_id', verifier_id, 'fullName', cl_full_name, 'opNo', cl_op_no) END,
        'dateVerified', CASE WHEN verified_at IS NULL THEN NULL ELSE json_build_object('date', to_char(to_timestamp(verified_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END
    ) ORDER BY signed_at DESC, id)::text AS json
FROM acknowledgements
GROUP BY doc_kind, doc_id, version_hash;

CREATE TABLE sign_lists (
    doc_kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    version_hash TEXT NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (doc_kind, doc_id, version_hash)
);
INSERT INTO sign_lists (doc_kind, doc_id, version_hash, json) SELECT doc_kind, doc_id, version_hash, json FROM sign_list_json;

CREATE FUNCTION sign_list_refresh(k TEXT, d TEXT, h TEXT) RETURNS void AS $$
BEGIN
    INSERT INTO sign_lists (doc_kind, doc_id, version_hash, json) VALUES (k, d, h, '[]') ON CONFLICT DO NOTHING;
    PERFORM 1 FROM sign_lists WHERE doc_kind = k AND doc_id = d AND version_hash = h FOR UPDATE;
    UPDATE sign_lists SET json = COALESCE((SELECT j.json FROM sign_list_json j WHERE j.doc_kind = k AND j.doc_id = d AND j.version_hash = h), '[]')
        WHERE doc_kind = k AND doc_id = d AND version_hash = h;
END;
$$ LANGUAGE plpgsql;

CREATE FUNCTION sign_lists_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM sign_list_refresh(OLD.doc_kind, OLD.doc_id, OLD.version_hash);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (OLD.doc_kind, OLD.doc_id, OLD.version_hash) IS DISTINCT FROM (NEW.doc_kind, NEW.doc_id, NEW.version_hash)) THEN
        PERFORM sign_list_refresh(NEW.doc_kind, NEW.doc_id, NEW.version_hash);
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER sign_lists_follow AFTER INSERT OR UPDATE OR DELETE ON acknowledgements
    FOR EACH ROW EXECUTE FUNCTION sign_lists_follow();
