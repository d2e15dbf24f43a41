-- Search inside documents (issue 31, core/src/app/textindex): the text of each
-- document version read (alert_text_docs, one row per alerts row once read, with the
-- pages flagged 'scanned, no text'), one row per page, and on SQLite an FTS5 index over
-- the pages' text kept in step by triggers. No foreign keys: the indexer drops the
-- text of documents no longer kept.
CREATE TABLE alert_text_docs (
    doc_id TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    pages BIGINT NOT NULL,
    scanned_pages BIGINT NOT NULL,
    failed TEXT NOT NULL DEFAULT '',
    indexed_at BIGINT NOT NULL
);
CREATE TABLE alert_text_pages (
    id INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL,
    section TEXT NOT NULL,
    page BIGINT NOT NULL,
    scanned BIGINT NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX alert_text_pages_by_doc ON alert_text_pages (doc_id, section, page);
CREATE VIRTUAL TABLE alert_text_fts USING fts5 (body, content = 'alert_text_pages', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
CREATE TRIGGER alert_text_pages_ins AFTER INSERT ON alert_text_pages BEGIN
    INSERT INTO alert_text_fts (rowid, body) VALUES (new.id, new.body);
END;
CREATE TRIGGER alert_text_pages_del AFTER DELETE ON alert_text_pages BEGIN
    INSERT INTO alert_text_fts (alert_text_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;
