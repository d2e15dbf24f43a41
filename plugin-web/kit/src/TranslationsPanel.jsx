// A deployed document's translations (decisions 82 and 95), for any module whose documents
// carry them (the swp and alerts remotes configure it): the list (section, language,
// when, its review state, Remove) and 'Add translation' — section (when the document has
// several), language and a PDF, sent with progress as multipart (section, lang, file) to
// `uploadUrl`. A translation is reviewed before the kiosk serves it (decision 95): each
// item says 'In review', 'Approved' or 'Rejected' (with the reviewer's note). It does
// not change the revision; the server audits it. Field errors show under their fields,
// success above the form. With `fileOf(item)` (a promise of a short-lived link), each
// item opens in a viewer, in any state: the engineer reads what they proposed.
import { useRef, useState } from 'react';
import { Alert, Button, Form, List, Modal, Progress, Select, Space, Tag, Typography } from 'antd';
import { DocumentFrame } from './DocumentFrame';
import { EmptyList } from './EmptyList';
import { MissingTranslations } from './MissingTranslations';
import { formatDate } from './date';
import { fieldHelp } from './fieldHelp';
import { uploadErrorText, uploadFile } from './upload';
import { LANGUAGES, useT } from './i18n';

// The languages a document is translated into: every shipped one but the original's.
const LANGS = LANGUAGES.filter((l) => l.code !== 'en').map((l) => ({ value: l.code, label: l.name }));
const langLabel = (v) => LANGUAGES.find((l) => l.code === v)?.name || v;

// A translation's review state as shown (an item without one predates review: served).
const STATES = {
  pending: { label: 'In review', color: 'processing' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
};

/** The note of the stage that rejected it, if any. */
const rejectionNote = (tr) => Object.values(tr.approvals || {}).find((a) => a?.status === 'Rejected')?.note || '';

/** An item's test id: section and language, and its state unless served. */
const itemId = (tr) => `translation-${tr.section ? `${tr.section}-` : ''}${tr.lang}${tr.status && tr.status !== 'approved' ? `-${tr.status}` : ''}`;

/** Sends one translation: { busy, percent, done, errors, send(file, fields) }; `onDone(body)` with the answer. */
export function useTranslationUpload(uploadUrl, onDone) {
  const [state, setState] = useState({ busy: false, percent: 0, done: false, errors: {} });
  const send = (file, fields) => {
    setState({ busy: true, percent: 0, done: false, errors: {} });
    uploadFile(uploadUrl, file, { fields, onProgress: (percent) => setState((s) => ({ ...s, percent })) })
      .then((body) => {
        onDone?.(body);
        setState({ busy: false, percent: 100, done: true, errors: {} });
      })
      .catch((err) => {
        const fields = err?.fields && Object.keys(err.fields).length > 0 ? err.fields : { error: uploadErrorText(err) };
        setState({ busy: false, percent: 0, done: false, errors: fields });
      });
  };
  return { ...state, send };
}

/**
 * items: [{section?, lang, uploadedAt, status?, approvals?}], undefined while they load (a spinner, not 'No
 * translations yet.'); sections: [{value, label}] or null (one file); upload:
 * useTranslationUpload(...); onRemove(item) and `removing` (the item being removed);
 * `error`: why the list could not be loaded or an item removed; `missing`: what the revision it
 * follows is translated into and this one not yet ({missing, error}, MissingTranslations).
 */
export function TranslationsPanel({ items, sections = null, upload, onRemove, removing = null, error = '', fileOf = null, missing = null }) {
  const t = useT('kit');
  const picker = useRef(null);
  // The translation shown in the viewer: { title, url } once its link came, or its error.
  const [viewing, setViewing] = useState(null);
  const open = (tr) => {
    const title = [tr.section?.toUpperCase(), langLabel(tr.lang)].filter(Boolean).join(' · ');
    setViewing({ title, url: null, error: '' });
    fileOf(tr).then(
      (url) => setViewing((v) => v && { ...v, url }),
      (err) => setViewing((v) => v && { ...v, error: err?.message || t('The file could not be opened.') }),
    );
  };
  const [section, setSection] = useState(sections?.[0]?.value ?? null);
  const [lang, setLang] = useState(LANGS[0].value);
  const errors = upload.errors;
  return (
    <div data-testid="translations-panel" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('Translations')}
      </Typography.Title>
      {missing && <MissingTranslations missing={missing.missing} sections={sections} error={missing.error} />}
      <List
        size="small"
        locale={{ emptyText: <EmptyList text={t('No translations yet.')} /> }}
        loading={items === undefined}
        dataSource={items || []}
        renderItem={(tr) => {
          const state = STATES[tr.status || 'approved'];
          const note = tr.status === 'rejected' ? rejectionNote(tr) : '';
          return (
            <List.Item
              data-testid={itemId(tr)}
              actions={[
                fileOf && tr.id && (
                  <Button key="open" size="small" onClick={() => open(tr)}>
                    {t('Open')}
                  </Button>
                ),
                tr.status !== 'rejected' && (
                  <Button key="remove" size="small" onClick={() => onRemove(tr)} loading={removing === tr}>
                    {t('Remove')}
                  </Button>
                ),
              ].filter(Boolean)}
            >
              {[tr.section?.toUpperCase(), langLabel(tr.lang), formatDate(tr.uploadedAt)].filter(Boolean).join(' · ')}{' '}
              {state && (
                <Tag color={state.color} data-testid="translation-state" style={{ marginLeft: 8 }}>
                  {t(state.label)}
                </Tag>
              )}
              {note && <Typography.Text type="secondary">{note}</Typography.Text>}
            </List.Item>
          );
        }}
      />
      {upload.done && <Alert type="success" showIcon title={t('Translation sent for review.')} style={{ margin: '8px 0' }} data-testid="translation-added" />}
      {errors.error && <Alert type="error" showIcon title={errors.error} style={{ margin: '8px 0' }} />}
      {error && <Alert type="error" showIcon title={error} style={{ margin: '8px 0' }} />}
      <Form layout="inline" style={{ marginTop: 8 }}>
        {sections && (
          <Form.Item label={t('Section')} {...fieldHelp(errors, 'section')}>
            <Select
              aria-label={t('Section')}
              data-testid="translation-section"
              value={section}
              onChange={setSection}
              options={sections}
              style={{ width: 90 }}
            />
          </Form.Item>
        )}
        <Form.Item label={t('Language')} {...fieldHelp(errors, 'lang')}>
          <Select aria-label={t('Language')} data-testid="translation-lang" value={lang} onChange={setLang} options={LANGS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item {...fieldHelp(errors, 'file')}>
          <input
            ref={picker}
            type="file"
            accept=".pdf,application/pdf"
            data-testid="translation-file"
            style={{ display: 'none' }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) upload.send(file, sections ? { section, lang } : { lang });
            }}
          />
          <Button type="primary" loading={upload.busy} onClick={() => picker.current?.click()}>
            {t('Add translation')}
          </Button>
        </Form.Item>
      </Form>
      <Modal open={Boolean(viewing)} title={viewing?.title} footer={null} width="80vw" onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing?.error && <Alert type="error" showIcon title={viewing.error} />}
        {viewing?.url && (
          <div style={{ height: '70vh' }}>
            <DocumentFrame src={viewing.url} title={viewing.title} />
          </div>
        )}
      </Modal>
      {upload.busy && (
        <Space style={{ width: '100%' }}>
          <Progress percent={upload.percent} size="small" style={{ width: 240 }} />
        </Space>
      )}
    </div>
  );
}
