-- Each sign record's JSON object is kept, one row a record, by triggers in the same
-- transaction as every write of the record (decision 96); a version's array is put
-- together when read, newest first, from its records' objects (acks::version_json_sql).
-- The arrays of 0018 were rebuilt whole on every sign write (all of the version's
-- records again, under SQLite's write lock: 37 ms a write at 8 100 records); a write now
-- makes one object. `sign_record_json` (0027) stays the one definition of the object.
DROP TRIGGER sign_lists_added;
DROP TRIGGER sign_lists_changed;
DROP TRIGGER sign_lists_removed;
DROP TABLE sign_lists;

CREATE TABLE sign_record_objects (
    id TEXT PRIMARY KEY,
    doc_kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    version_hash TEXT NOT NULL,
    signed_at BIGINT NOT NULL,
    o TEXT NOT NULL
);
CREATE INDEX sign_record_objects_by_version ON sign_record_objects (doc_kind, doc_id, version_hash, signed_at DESC, id);
INSERT INTO sign_record_objects (id, doc_kind, doc_id, version_hash, signed_at, o)
    SELECT id, doc_kind, doc_id, version_hash, signed_at, o FROM sign_record_json;

CREATE TRIGGER sign_record_objects_added AFTER INSERT ON acknowledgements
BEGIN
    INSERT INTO sign_record_objects (id, doc_kind, doc_id, version_hash, signed_at, o)
        SELECT id, doc_kind, doc_id, version_hash, signed_at, o FROM sign_record_json WHERE id = NEW.id;
END;
CREATE TRIGGER sign_record_objects_changed AFTER UPDATE ON acknowledgements
BEGIN
    DELETE FROM sign_record_objects WHERE id = OLD.id;
    INSERT INTO sign_record_objects (id, doc_kind, doc_id, version_hash, signed_at, o)
        SELECT id, doc_kind, doc_id, version_hash, signed_at, o FROM sign_record_json WHERE id = NEW.id;
END;
CREATE TRIGGER sign_record_objects_removed AFTER DELETE ON acknowledgements
BEGIN
    DELETE FROM sign_record_objects WHERE id = OLD.id;
END;

-- The auditor's file reads a document's records in (time, id) order, a page at a time
-- (acks::trail_page): the index gives that order, so a page reads only its rows.
DROP INDEX acknowledgements_by_doc;
CREATE INDEX acknowledgements_by_doc ON acknowledgements (doc_kind, doc_id, signed_at, id);
