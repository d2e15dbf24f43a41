-- Issue 28 item 2 (21 CFR 11.70): a signature is linked to its record. Once written, a
-- sign record's document, version (SHA-256), signer, time, meaning and mode never
-- change: it cannot be moved to another version or person. Verifying it (the verifier's
-- columns, once) stays the only update.
CREATE TRIGGER acknowledgements_bound BEFORE UPDATE ON acknowledgements
WHEN NEW.doc_kind IS NOT OLD.doc_kind OR NEW.doc_id IS NOT OLD.doc_id OR NEW.version_hash IS NOT OLD.version_hash
    OR NEW.operator_id IS NOT OLD.operator_id OR NEW.signed_at IS NOT OLD.signed_at OR NEW.sign_meaning IS NOT OLD.sign_meaning
    OR NEW.sign_mode IS NOT OLD.sign_mode
BEGIN
    SELECT RAISE(ABORT, 'a signature is bound to its document version and signer');
END;
