-- Each document version's sign records as one JSON array (newest first), kept by
-- triggers in the same transaction as every write of a sign record, so no path can
-- forget it (decision 42): the kiosk reads a version's whole history on every part it
-- loads, and building ~100 JSON objects per read cost most of the request.
-- `sign_record_json` is the one definition of a record's object (acks::SignRecord's
-- JSON). The arrays are built from an ordered subquery, not with ORDER BY inside the
-- aggregate: SQLite before 3.44 (Debian's sqlite3 tool, Python's module) cannot read a
-- schema that uses it, and the database must stay open to those tools.
CREATE VIEW sign_record_json AS
SELECT doc_kind, doc_id, version_hash, signed_at, id,
    json_object(
        '_id', id,
        'verified', json(CASE WHEN verified_at IS NULL THEN 'false' ELSE 'true' END),
        'op', json_object('_id', operator_id, 'fullName', op_full_name, 'opNo', op_no),
        'dateSigned', json_object('date', strftime('%Y-%m-%dT%H:%M:%fZ', signed_at / 1000.0, 'unixepoch')),
        'cl', json(CASE WHEN verifier_id IS NULL THEN NULL ELSE json_object('_id', verifier_id, 'fullName', cl_full_name, 'opNo', cl_op_no) END),
        'dateVerified', json(CASE WHEN verified_at IS NULL THEN NULL ELSE json_object('date', strftime('%Y-%m-%dT%H:%M:%fZ', verified_at / 1000.0, 'unixepoch')) END)
    ) AS o
FROM acknowledgements;

CREATE TABLE sign_lists (
    doc_kind TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    version_hash TEXT NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (doc_kind, doc_id, version_hash)
);
-- Each statement below rebuilds the arrays of the rows it names, newest record first.
INSERT INTO sign_lists (doc_kind, doc_id, version_hash, json) SELECT DISTINCT doc_kind, doc_id, version_hash, '[]' FROM acknowledgements;
UPDATE sign_lists SET json = (SELECT json_group_array(json(o)) FROM (SELECT r.o FROM sign_record_json r
    WHERE r.doc_kind = sign_lists.doc_kind AND r.doc_id = sign_lists.doc_id AND r.version_hash = sign_lists.version_hash ORDER BY r.signed_at DESC, r.id));

CREATE TRIGGER sign_lists_added AFTER INSERT ON acknowledgements
BEGIN
    INSERT OR IGNORE INTO sign_lists (doc_kind, doc_id, version_hash, json) VALUES (NEW.doc_kind, NEW.doc_id, NEW.version_hash, '[]');
    UPDATE sign_lists SET json = (SELECT json_group_array(json(o)) FROM (SELECT r.o FROM sign_record_json r
        WHERE r.doc_kind = sign_lists.doc_kind AND r.doc_id = sign_lists.doc_id AND r.version_hash = sign_lists.version_hash ORDER BY r.signed_at DESC, r.id))
        WHERE doc_kind = NEW.doc_kind AND doc_id = NEW.doc_id AND version_hash = NEW.version_hash;
END;
CREATE TRIGGER sign_lists_changed AFTER UPDATE ON acknowledgements
BEGIN
    INSERT OR IGNORE INTO sign_lists (doc_kind, doc_id, version_hash, json) VALUES (NEW.doc_kind, NEW.doc_id, NEW.version_hash, '[]');
    UPDATE sign_lists SET json = (SELECT json_group_array(json(o)) FROM (SELECT r.o FROM sign_record_json r
        WHERE r.doc_kind = sign_lists.doc_kind AND r.doc_id = sign_lists.doc_id AND r.version_hash = sign_lists.version_hash ORDER BY r.signed_at DESC, r.id))
        WHERE (doc_kind = NEW.doc_kind AND doc_id = NEW.doc_id AND version_hash = NEW.version_hash)
           OR (doc_kind = OLD.doc_kind AND doc_id = OLD.doc_id AND version_hash = OLD.version_hash);
END;
CREATE TRIGGER sign_lists_removed AFTER DELETE ON acknowledgements
BEGIN
    UPDATE sign_lists SET json = (SELECT json_group_array(json(o)) FROM (SELECT r.o FROM sign_record_json r
        WHERE r.doc_kind = sign_lists.doc_kind AND r.doc_id = sign_lists.doc_id AND r.version_hash = sign_lists.version_hash ORDER BY r.signed_at DESC, r.id))
        WHERE doc_kind = OLD.doc_kind AND doc_id = OLD.doc_id AND version_hash = OLD.version_hash;
END;
