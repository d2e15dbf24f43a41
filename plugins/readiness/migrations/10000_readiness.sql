-- Reading obligations (issue 32). The documents the module follows, as their owners'
-- events told them (an SWP revision deployed, an alert deployed), and the obligations:
-- (operator, document version, reason, due date) -> open, done or void.
CREATE TABLE readiness_docs (
    doc_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    company_code TEXT NOT NULL,
    part_number TEXT NOT NULL,
    part_id TEXT NOT NULL,
    revision BIGINT,
    alert_tag TEXT,
    version_hash TEXT NOT NULL,
    zones TEXT NOT NULL,
    zone_mask BIGINT NOT NULL,
    effective_date BIGINT NOT NULL,
    ends_at BIGINT,
    current INTEGER NOT NULL DEFAULT 1,
    started INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX readiness_docs_part ON readiness_docs (company_code, kind, part_id);
CREATE INDEX readiness_docs_waiting ON readiness_docs (started, effective_date);

CREATE TABLE readiness_obligations (
    id TEXT PRIMARY KEY,
    dedup TEXT NOT NULL UNIQUE,
    company_code TEXT NOT NULL,
    operator_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    version_hash TEXT NOT NULL,
    part_number TEXT NOT NULL,
    part_id TEXT NOT NULL,
    revision BIGINT,
    alert_tag TEXT,
    zones TEXT NOT NULL,
    zone_mask BIGINT NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    due_date BIGINT NOT NULL,
    state TEXT NOT NULL,
    done_date BIGINT,
    void_date BIGINT,
    void_reason TEXT,
    ends_at BIGINT
);
CREATE INDEX readiness_obligations_company ON readiness_obligations (company_code, state, due_date);
CREATE INDEX readiness_obligations_operator ON readiness_obligations (operator_id, state, due_date);
CREATE INDEX readiness_obligations_doc ON readiness_obligations (doc_id, state);
CREATE INDEX readiness_obligations_part ON readiness_obligations (company_code, part_id, state);
