-- Issue 28 item 2 (21 CFR 11.50): every shown signature carries the version it binds to
-- and each act's meaning and mode. The record's object gains fields after the spec's
-- (none renamed): versionHash, signMeaning ('Read'), signMode, verifyMeaning
-- ('Verified' once verified), verifyMode (acks::SignRecord's JSON). The triggers of
-- 0018 name the view, so only the view changes; every kept array is rebuilt.
DROP VIEW sign_record_json;
CREATE VIEW sign_record_json AS
SELECT doc_kind, doc_id, version_hash, signed_at, id,
    json_object(
        '_id', id,
        'verified', json(CASE WHEN verified_at IS NULL THEN 'false' ELSE 'true' END),
        'op', json_object('_id', operator_id, 'fullName', op_full_name, 'opNo', op_no),
        'dateSigned', json_object('date', strftime('%Y-%m-%dT%H:%M:%fZ', signed_at / 1000.0, 'unixepoch')),
        'cl', json(CASE WHEN verifier_id IS NULL THEN NULL ELSE json_object('_id', verifier_id, 'fullName', cl_full_name, 'opNo', cl_op_no) END),
        'dateVerified', json(CASE WHEN verified_at IS NULL THEN NULL ELSE json_object('date', strftime('%Y-%m-%dT%H:%M:%fZ', verified_at / 1000.0, 'unixepoch')) END),
        'versionHash', version_hash,
        'signMeaning', 'Read',
        'signMode', sign_mode,
        'verifyMeaning', CASE WHEN verified_at IS NULL THEN NULL ELSE 'Verified' END,
        'verifyMode', CASE WHEN verified_at IS NULL THEN NULL ELSE COALESCE(verify_mode, 'badge') END
    ) AS o
FROM acknowledgements;

UPDATE sign_lists SET json = (SELECT json_group_array(json(o)) FROM (SELECT r.o FROM sign_record_json r
    WHERE r.doc_kind = sign_lists.doc_kind AND r.doc_id = sign_lists.doc_id AND r.version_hash = sign_lists.version_hash ORDER BY r.signed_at DESC, r.id));
