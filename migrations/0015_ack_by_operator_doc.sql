-- The kiosk asks "has this operator a signature of this document?" for many documents
-- at once (alert feed, operator status): one index probe each.
CREATE INDEX acknowledgements_by_operator_doc ON acknowledgements (operator_id, doc_kind, doc_id);
