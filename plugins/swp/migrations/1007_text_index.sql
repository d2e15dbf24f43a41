-- Search inside documents (issue 31, core/src/app/textindex): the text of each
-- document version read (swp_text_docs, one row per swps row once read, with the
-- pages flagged 'scanned, no text'), one row per page, and on SQLite an FTS5 index over
-- the pages' text kept in step by triggers. No foreign keys: the indexer drops the
-- text of documents no longer kept.
CREATE TABLE swp_text_docs (
    doc_id TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    pages BIGINT NOT NULL,
    scanned_pages BIGINT NOT NULL,
    failed TEXT NOT NULL DEFAULT '',
    indexed_at BIGINT NOT NULL
);
CREATE TABLE swp_text_pages (
    id INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL,
    section TEXT NOT NULL,
    page BIGINT NOT NULL,
    scanned BIGINT NOT NULL,
    body TEXT NOT NULL
);
CREATE INDEX swp_text_pages_by_doc ON swp_text_pages (doc_id, section, page);
CREATE VIRTUAL TABLE swp_text_fts USING fts5 (body, content = 'swp_text_pages', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
CREATE TRIGGER swp_text_pages_ins AFTER INSERT ON swp_text_pages BEGIN
    INSERT INTO swp_text_fts (rowid, body) VALUES (new.id, new.body);
END;
CREATE TRIGGER swp_text_pages_del AFTER DELETE ON swp_text_pages BEGIN
    INSERT INTO swp_text_fts (swp_text_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;
