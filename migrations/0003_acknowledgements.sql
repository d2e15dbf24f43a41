-- Acknowledgements: sign records for any document kind (swp, alert, training). The
-- operator signs the exact version read (version_hash: the document's SHA-256), the
-- verifier witnesses it; each act keeps its time and meaning.
CREATE TABLE acknowledgements (
    id TEXT PRIMARY KEY,
    doc_kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    version_hash TEXT NOT NULL,
    operator_id TEXT NOT NULL,
    op_full_name TEXT NOT NULL,
    op_no TEXT NOT NULL DEFAULT '',
    signed_at BIGINT NOT NULL,
    sign_meaning TEXT NOT NULL,
    verifier_id TEXT,
    cl_full_name TEXT,
    cl_op_no TEXT,
    verified_at BIGINT,
    verify_meaning TEXT
);
CREATE INDEX acknowledgements_by_doc ON acknowledgements (doc_kind, doc_id, signed_at);
CREATE INDEX acknowledgements_by_operator ON acknowledgements (operator_id, signed_at);
