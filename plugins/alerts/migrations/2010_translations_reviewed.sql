-- Translations under review (decision 95): the alerts' translations move to the core's
-- `doc_translations`. None was reviewed: each now waits for the alert's two stages
-- before the kiosk serves it again.
INSERT INTO doc_translations (id, doc_kind, doc_id, section, lang, file_id, sha256, size, status, stages, proposed_by, proposed_by_name, proposed_at)
SELECT 'alert-' || t.alert_id || '-' || t.lang, 'alert', t.alert_id, 'alert', t.lang, t.file_id, t.sha256, t.size, 'pending', 2,
    t.uploaded_by, COALESCE((SELECT u.firstname || ' ' || u.lastname FROM users u WHERE u.id = t.uploaded_by), ''), t.uploaded_at
FROM alert_translations t;
DROP TABLE alert_translations;
