-- Issue 29 item 4: a sign record names the files the operator was shown (a translated
-- SWC, the original JES, ...): JSON [{section, lang, sha256}], lang null for an
-- original. Written once, in the signing transaction; like the rest of the signature it
-- never changes after (the binding trigger of 0025 gains the column).
ALTER TABLE acknowledgements ADD COLUMN read_files TEXT;
DROP TRIGGER acknowledgements_bound;
CREATE TRIGGER acknowledgements_bound BEFORE UPDATE ON acknowledgements
WHEN NEW.doc_kind IS NOT OLD.doc_kind OR NEW.doc_id IS NOT OLD.doc_id OR NEW.version_hash IS NOT OLD.version_hash
    OR NEW.operator_id IS NOT OLD.operator_id OR NEW.signed_at IS NOT OLD.signed_at OR NEW.sign_meaning IS NOT OLD.sign_meaning
    OR NEW.sign_mode IS NOT OLD.sign_mode OR (OLD.read_files IS NOT NULL AND NEW.read_files IS NOT OLD.read_files)
BEGIN
    SELECT RAISE(ABORT, 'a signature is bound to its document version and signer');
END;
