-- Issue 28 item 2 (21 CFR 11.50): every shown signature carries the version it binds to
-- and each act's meaning and mode. The record's object gains fields after the spec's
-- (none renamed): versionHash, signMeaning ('Read'), signMode, verifyMeaning
-- ('Verified' once verified), verifyMode (acks::SignRecord's JSON). PostgreSQL
-- variant: the view keeps its columns (sign_list_refresh reads it); every kept array is
-- rebuilt.
CREATE OR REPLACE VIEW sign_list_json AS
SELECT doc_kind, doc_id, version_hash,
    json_agg(json_build_object(
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
    ) ORDER BY signed_at DESC, id)::text AS json
FROM acknowledgements
GROUP BY doc_kind, doc_id, version_hash;

UPDATE sign_lists SET json = COALESCE((SELECT j.json FROM sign_list_json j
    WHERE j.doc_kind = sign_lists.doc_kind AND j.doc_id = sign_lists.doc_id AND j.version_hash = sign_lists.version_hash), '[]');
