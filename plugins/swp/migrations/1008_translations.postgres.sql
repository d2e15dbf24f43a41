-- Documents per language (issue 29 item 4): a revision may carry a translated SWC, JES
-- or VIS, one file per section and language. The translation belongs to its revision
-- (a new revision starts with none); adding or replacing one does not change the
-- revision, its content hash or its review. The counter `swp` moves with every write
-- (the kiosk's kept SWP answers carry the translations). PostgreSQL variant.
CREATE TABLE swp_translations (
    swp_id TEXT NOT NULL REFERENCES swps (id),
    section TEXT NOT NULL,
    lang TEXT NOT NULL,
    file_id TEXT NOT NULL REFERENCES files (id),
    sha256 TEXT NOT NULL,
    size BIGINT NOT NULL,
    uploaded_by TEXT NOT NULL,
    uploaded_at BIGINT NOT NULL,
    PRIMARY KEY (swp_id, section, lang)
);
CREATE TRIGGER swp_translations_written AFTER INSERT OR UPDATE OR DELETE ON swp_translations
    FOR EACH STATEMENT EXECUTE FUNCTION change_counter_bump('swp');
