-- Issue 31 item 5 (core/src/app/textindex/search.rs): each page's document, section and
-- page number without reading its text. The search walks the FTS5 matches and names this
-- index (INDEXED BY): the table's own rows hold the text (kilobytes each).
CREATE INDEX swp_text_pages_narrow ON swp_text_pages (id, doc_id, section, page);
