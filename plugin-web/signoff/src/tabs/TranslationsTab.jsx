// Sign Off, Translations tab (decision 95): the translations of deployed SWPs and alerts
// waiting for the caller's review stage — the document, section, language, who proposed
// it and when; 'Open' shows the proposed file; Approve, or Reject with a note. The kiosk
// serves a translation only once every stage approved it.
import { useState } from 'react';
import { Alert, Button, Input, List, Space, Spin, Typography } from 'antd';
import { EmptyList, formatDate, useT } from '@plantdoc/kit';
import { translationFile, useTranslationReview, useWaitingTranslations } from '../api';

const LANGS = { es: 'Español', pl: 'Polski', en: 'English' };

function Waiting({ item, notify }) {
  const t = useT('signoff');
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const approve = useTranslationReview('approve');
  const reject = useTranslationReview('reject');
  const busy = approve.isPending || reject.isPending;
  const send = (mutation, done) => {
    setError('');
    mutation.mutate(
      { module: item.module, id: item.id, reviewNote: note },
      { onSuccess: () => notify(done), onError: (err) => setError(err?.fields?.reviewNote || err?.message || '') },
    );
  };
  const open = () =>
    translationFile(item.module, item.id)
      .then((url) => url && window.open(url, '_blank', 'noopener'))
      .catch((err) => setError(err?.message || ''));
  const what = [item.section?.toUpperCase(), LANGS[item.lang] || item.lang].filter(Boolean).join(' · ');
  return (
    <List.Item data-testid={`waiting-translation-${item.id}`}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text strong>
          {item.title} — {what}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('Proposed by {{name}}, {{date}}; your stage: {{stage}}', { name: item.proposedBy, date: formatDate(item.uploadedAt), stage: item.stage })}
        </Typography.Text>
        <Input.TextArea aria-label={t('Review note')} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={1000} />
        {error && <Alert type="error" showIcon title={error} />}
        <Space>
          <Button onClick={open}>{t('Open')}</Button>
          <Button danger disabled={busy} loading={reject.isPending} onClick={() => send(reject, t('Translation rejected.'))}>
            {t('Reject')}
          </Button>
          <Button type="primary" disabled={busy} loading={approve.isPending} onClick={() => send(approve, t('Translation approved.'))}>
            {t('Approve')}
          </Button>
        </Space>
      </Space>
    </List.Item>
  );
}

/** notify: the page's snackbar. */
export function TranslationsTab({ notify, query }) {
  const t = useT('signoff');
  if (query.isLoading) return <Spin />;
  const rows = query.isError ? [] : query.data || [];
  return (
    <div>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
        {t('Translations Pending My Approval')}
      </Typography.Title>
      <List
        locale={{ emptyText: <EmptyList text={t('No translations wait for your review.')} /> }}
        dataSource={rows}
        rowKey="id"
        renderItem={(item) => <Waiting item={item} notify={notify} />}
      />
    </div>
  );
}

export { useWaitingTranslations };
