-- Documents per language (issue 29 item 4): a revision may carry a translated SWC, JES
-- or VIS, one file per section and language. The translation belongs to its revision
-- (a new revision starts with none); adding or replacing one does not change the
-- revision, its content hash or its review. The counter `swp` moves with every write
-- (the kiosk's kept SWP answers carry the translations).
CREATE TABLE swp_translations (
    swp_id TEXT NOT NULL REFERENCES swps (id),
    -- swc | jes | vis
    section TEXT NOT NULL,
    -- a shipped language code ('es', 'pl', ...)
    lang TEXT NOT NULL,
    file_id TEXT NOT NULL REFERENCES files (id),
    sha256 TEXT NOT NULL,
    size BIGINT NOT NULL,
    uploaded_by TEXT NOT NULL,
    uploaded_at BIGINT NOT NULL,
    PRIMARY KEY (swp_id, section, lang)
);
CREATE TRIGGER swp_translations_added AFTER INSERT ON swp_translations
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_translations_changed AFTER UPDATE ON swp_translations
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
CREATE TRIGGER swp_translations_removed AFTER DELETE ON swp_translations
BEGIN
    UPDATE change_counters SET n = n + 1 WHERE name = 'swp';
END;
