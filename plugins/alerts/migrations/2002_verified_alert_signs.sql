-- An operator's alert feed asks which alerts of the zone's in-force list the operator
-- signed and had verified. A signature is made only while its alert is in force, so it
-- is never older than the list's first effective date: the operator's verified alert
-- signatures since then are one short range of this index (covering: no table read),
-- however long the zone's list or the operator's history.
CREATE INDEX acknowledgements_verified_alerts ON acknowledgements (operator_id, signed_at, doc_id, version_hash)
    WHERE doc_kind = 'alert' AND verified_at IS NOT NULL;
