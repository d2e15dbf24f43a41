-- Migration 2002's index was meant to be covering, but SQLite counts the columns of the
-- query's WHERE terms too, even those the partial index's own WHERE implies: it read
-- the table row of every signature in the range (EXPLAIN QUERY PLAN said USING INDEX,
-- not USING COVERING INDEX). With doc_kind and verified_at in the index, the operator
-- feed's range reads the index alone.
DROP INDEX acknowledgements_verified_alerts;
CREATE INDEX acknowledgements_verified_alerts ON acknowledgements (operator_id, signed_at, doc_id, version_hash, doc_kind, verified_at)
    WHERE doc_kind = 'alert' AND verified_at IS NOT NULL;
