-- Decision 121: a signature made at the kiosk during a network outage keeps the kiosk's time
-- as its signing time (signed_at, verified_at: contemporaneous) and the time the server
-- received it on sync (received_at for the read, verify_received_at for the
-- verification); both null for a signature made online.
ALTER TABLE acknowledgements ADD COLUMN received_at BIGINT;
ALTER TABLE acknowledgements ADD COLUMN verify_received_at BIGINT;
-- The sign record's object (the sign histories) says so for an offline act only: `offline`,
-- `dateReceived` and, once verified offline, `dateVerifyReceived`; a record made online
-- keeps the object it had.
DROP VIEW sign_record_json;
CREATE VIEW sign_record_json AS
SELECT id, doc_kind, doc_id, version_hash, signed_at,
    CASE WHEN received_at IS NULL AND verify_received_at IS NULL THEN json_build_object(
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
    )::text ELSE json_build_object(
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
        'verifyMode', CASE WHEN verified_at IS NULL THEN NULL ELSE COALESCE(verify_mode, 'badge') END,
        'offline', true,
        'dateReceived', CASE WHEN received_at IS NULL THEN NULL ELSE json_build_object('date', to_char(to_timestamp(received_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END,
        'dateVerifyReceived', CASE WHEN verify_received_at IS NULL THEN NULL ELSE json_build_object('date', to_char(to_timestamp(verify_received_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END
    )::text END AS o
FROM acknowledgements;
