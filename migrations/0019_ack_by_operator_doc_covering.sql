-- Operator status (island) asks for one operator's records of one SWP version: the
-- newest verified signing time and whether one awaits verification. With the version,
-- verified_at and signed_at in the index, both probes read the index alone (SQLite said
-- USING INDEX, not USING COVERING INDEX, and read each matching table row).
DROP INDEX acknowledgements_by_operator_doc;
CREATE INDEX acknowledgements_by_operator_doc ON acknowledgements (operator_id, doc_kind, doc_id, version_hash, verified_at, signed_at);
