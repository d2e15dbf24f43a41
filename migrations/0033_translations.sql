-- Translations under review (decision 95): a document's translated file is proposed,
-- reviewed in stages like its document, and served at the kiosk only once approved.
-- One table for every module's documents (`doc_kind` is the module's sign-record kind,
-- `doc_id` its document). Nothing here is ever deleted but by retention: a replaced
-- translation is `superseded`, a removed or re-proposed one `withdrawn`, so every file a
-- sign record, audit row or kept revision cites keeps its row and its blob.
CREATE TABLE doc_translations (
    id TEXT PRIMARY KEY,
    doc_kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    -- one of the module's sections (the files its document is made of)
    section TEXT NOT NULL,
    -- a shipped language code ('es', 'pl', ...)
    lang TEXT NOT NULL,
    file_id TEXT NOT NULL REFERENCES files (id),
    sha256 TEXT NOT NULL,
    size BIGINT NOT NULL,
    -- pending | approved | rejected | superseded | withdrawn
    status TEXT NOT NULL,
    -- how many of the document's review stages it needs (its first ones); 0: it came
    -- with its document's submission and was reviewed with it
    stages BIGINT NOT NULL,
    proposed_by TEXT NOT NULL,
    proposed_by_name TEXT NOT NULL,
    proposed_at BIGINT NOT NULL,
    -- when it was approved or rejected; when it stopped being served or waiting
    decided_at BIGINT,
    ended_at BIGINT
);
CREATE INDEX doc_translations_doc ON doc_translations (doc_kind, doc_id, section, lang);
CREATE INDEX doc_translations_waiting ON doc_translations (status, doc_kind);
-- At most one served and one in review per section and language.
CREATE UNIQUE INDEX doc_translations_served ON doc_translations (doc_kind, doc_id, section, lang) WHERE status = 'approved';
CREATE UNIQUE INDEX doc_translations_open ON doc_translations (doc_kind, doc_id, section, lang) WHERE status = 'pending';
-- One verdict per stage (a stage without a row is pending).
CREATE TABLE doc_translation_reviews (
    translation_id TEXT NOT NULL REFERENCES doc_translations (id),
    stage TEXT NOT NULL,
    status TEXT NOT NULL,
    reviewer_id TEXT NOT NULL,
    reviewer TEXT NOT NULL,
    date BIGINT NOT NULL,
    note TEXT,
    PRIMARY KEY (translation_id, stage)
);
INSERT INTO change_counters (name, n) VALUES ('translations', 0);
CREATE TRIGGER doc_translations_added AFTER INSERT ON doc_translations
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'translations';
END;
CREATE TRIGGER doc_translations_changed AFTER UPDATE ON doc_translations
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'translations';
END;
CREATE TRIGGER doc_translations_removed AFTER DELETE ON doc_translations
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'translations';
END;
