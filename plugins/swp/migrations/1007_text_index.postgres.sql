-- Search inside documents (issue 31; the SQLite file beside this one says more): on
-- PostgreSQL the pages carry a generated tsvector ('simple': no stemming, as SQLite's
-- unicode61 tokenizer) under a GIN index.
CREATE TABLE swp_text_docs (
    doc_id TEXT PRIMARY KEY,
    version TEXT NOT NULL,
    pages BIGINT NOT NULL,
    scanned_pages BIGINT NOT NULL,
    failed TEXT NOT NULL DEFAULT '',
    indexed_at BIGINT NOT NULL
);
CREATE TABLE swp_text_pages (
    id BIGSERIAL PRIMARY KEY,
    doc_id TEXT NOT NULL,
    section TEXT NOT NULL,
    page BIGINT NOT NULL,
    scanned BIGINT NOT NULL,
    body TEXT NOT NULL,
    tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED
);
CREATE INDEX swp_text_pages_by_doc ON swp_text_pages (doc_id, section, page);
CREATE INDEX swp_text_pages_tsv ON swp_text_pages USING GIN (tsv);
