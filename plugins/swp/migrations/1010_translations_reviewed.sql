-- Translations under review (decision 95): the revisions' translations move to the
-- core's `doc_translations`. Those sent with their revision's submission were reviewed
-- with it (stages 0, approved); those added to a deployed revision were never reviewed
-- and now wait for the three stages before the kiosk serves them again.
INSERT INTO doc_translations (id, doc_kind, doc_id, section, lang, file_id, sha256, size, status, stages, proposed_by, proposed_by_name, proposed_at)
SELECT 'swp-' || t.swp_id || '-' || t.section || '-' || t.lang, 'swp', t.swp_id, t.section, t.lang, t.file_id, t.sha256, t.size,
    CASE WHEN t.uploaded_at = s.upload_date THEN 'approved' ELSE 'pending' END,
    CASE WHEN t.uploaded_at = s.upload_date THEN 0 ELSE 3 END,
    t.uploaded_by, COALESCE((SELECT u.firstname || ' ' || u.lastname FROM users u WHERE u.id = t.uploaded_by), ''), t.uploaded_at
FROM swp_translations t JOIN swps s ON s.id = t.swp_id;
DROP TABLE swp_translations;
