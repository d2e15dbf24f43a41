// The review sidebar of both tabs: a title, the item's rows, the note for the author and
// Reject / Approve. Reject errors (the server's field map, notably reviewNote) show under
// the note box; an approve failure is only logged (spec section 8), by the query client.
import { useState } from 'react';
import { Button, Descriptions, Input, Space, Typography } from 'antd';
import { fieldErrors, useT } from '@plantdoc/kit';
import { NOTE_PLACEHOLDER } from '../lib';
import { useReview } from '../api';
import { useCompactReview } from './ReviewLayout';

function rejectErrors(err, t) {
  if (!err) return [];
  const fields = fieldErrors(err);
  const list = Object.values(fields || {}).filter(Boolean);
  if (list.length) return list;
  return [err.body?.error || err.body?.message || t('The document could not be rejected.')];
}

/** rows: [[label, value]]; corrects: what it corrects (text) or null; onReviewed(verdict) after the server agrees. */
export function ReviewPanel({ kind, id, title, rows, corrects = null, onReviewed }) {
  const t = useT('signoff');
  const [note, setNote] = useState('');
  const approve = useReview(kind, 'approve');
  const reject = useReview(kind, 'reject');
  const busy = approve.isPending || reject.isPending;
  const act = (verdict) => {
    const m = verdict === 'approve' ? approve : reject;
    (verdict === 'approve' ? reject : approve).reset();
    m.mutate({ id, reviewNote: note }, { onSuccess: () => onReviewed(verdict) });
  };
  const errors = rejectErrors(reject.error, t);
  // Above the document (narrow console): rows in three columns, a two-line note.
  const compact = useCompactReview();
  return (
    <div data-testid="review-panel">
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
        {title}
      </Typography.Title>
      {corrects && (
        <Typography.Paragraph data-testid="corrects-link" style={{ marginBottom: 8, whiteSpace: 'pre-wrap' }}>
          {corrects}
        </Typography.Paragraph>
      )}
      <Descriptions column={compact ? 3 : 1} size="small" bordered items={rows.map(([label, value]) => ({ key: label, label, children: value || '—' }))} />
      <Input.TextArea
        aria-label={t('Note for the author')}
        placeholder={t(NOTE_PLACEHOLDER)}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        rows={compact ? 2 : 4}
        style={{ marginTop: compact ? 8 : 16 }}
        status={errors.length ? 'error' : undefined}
      />
      {errors.map((e) => (
        <div key={e} role="alert" data-testid="error-reviewNote" style={{ color: '#cf1322', marginTop: 4 }}>
          {e}
        </div>
      ))}
      <Space style={{ marginTop: 12 }}>
        <Button danger loading={reject.isPending} disabled={busy} onClick={() => act('reject')}>
          {t('Reject')}
        </Button>
        <Button type="primary" loading={approve.isPending} disabled={busy} onClick={() => act('approve')}>
          {t('Approve')}
        </Button>
      </Space>
    </div>
  );
}
