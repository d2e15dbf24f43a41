-- Documents per language (issue 29 item 4): an alert may carry its file translated, one
-- file per language. Adding, replacing or removing one does not change the alert, its
-- file's SHA-256 (what signatures bind to) or its review. Portable SQL.
CREATE TABLE alert_translations (
    alert_id TEXT NOT NULL REFERENCES alerts (id),
    -- a shipped language code ('es', 'pl', ...)
    lang TEXT NOT NULL,
    file_id TEXT NOT NULL REFERENCES files (id),
    sha256 TEXT NOT NULL,
    size BIGINT NOT NULL,
    uploaded_by TEXT NOT NULL,
    uploaded_at BIGINT NOT NULL,
    PRIMARY KEY (alert_id, lang)
);
