// A deployed revision's translations in the console viewer (issue 29): the list (section,
// language, when, Remove) and 'Add translation': section, language and a PDF chosen,
// sent with progress to POST /api/swps/{id}/translations (multipart: section, lang, file).
// It does not change the revision number; the server audits it. Field errors show under
// their fields, success above the form.
import { useRef, useState } from 'react';
import { Alert, Button, Form, List, Progress, Select, Space, Typography } from 'antd';
import { fieldHelp, formatDate, useT } from '@plantdoc/kit';
import { useRemoveTranslation, useUploadTranslation } from '../api';
import { DOC_LANGUAGES } from '../lib';

const SECTIONS = [
  { value: 'swc', label: 'SWC' },
  { value: 'jes', label: 'JES' },
  { value: 'vis', label: 'VIS' },
];
const LANGS = DOC_LANGUAGES.filter((l) => l.value);
const langLabel = (v) => DOC_LANGUAGES.find((l) => l.value === v)?.label || v;

export default function TranslationsPanel({ swp }) {
  const t = useT('swp');
  const picker = useRef(null);
  const [section, setSection] = useState('swc');
  const [lang, setLang] = useState('es');
  const upload = useUploadTranslation(swp._id);
  const remove = useRemoveTranslation(swp._id);
  const errors = upload.errors;
  const list = swp.translations || [];
  return (
    <div data-testid="translations-panel" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ fontSize: 15 }}>
        {t('Translations')}
      </Typography.Title>
      <List
        size="small"
        locale={{ emptyText: t('No translations yet.') }}
        dataSource={list}
        renderItem={(tr) => (
          <List.Item
            data-testid={`translation-${tr.section}-${tr.lang}`}
            actions={[
              <Button key="remove" size="small" onClick={() => remove.mutate(tr)} loading={remove.isPending && remove.variables === tr}>
                {t('Remove')}
              </Button>,
            ]}
          >
            {tr.section.toUpperCase()} · {langLabel(tr.lang)} · {formatDate(tr.uploadedAt)}
          </List.Item>
        )}
      />
      {upload.done && <Alert type="success" showIcon message={t('Translation added.')} style={{ margin: '8px 0' }} data-testid="translation-added" />}
      {errors.error && <Alert type="error" showIcon message={errors.error} style={{ margin: '8px 0' }} />}
      <Form layout="inline" style={{ marginTop: 8 }}>
        <Form.Item label={t('Section')} {...fieldHelp(errors, 'section')}>
          <Select aria-label={t('Section')} data-testid="translation-section" value={section} onChange={setSection} options={SECTIONS} style={{ width: 90 }} />
        </Form.Item>
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
              if (file) upload.send(file, { section, lang });
            }}
          />
          <Button type="primary" loading={upload.busy} onClick={() => picker.current?.click()}>
            {t('Add translation')}
          </Button>
        </Form.Item>
      </Form>
      {upload.busy && (
        <Space style={{ width: '100%' }}>
          <Progress percent={upload.percent} size="small" style={{ width: 240 }} />
        </Space>
      )}
    </div>
  );
}
