// 'Due for review': the documents whose periodic review is due within the chosen days (in
// the address: ?tab=reviews&within=30), overdue first in red, with the floor's evidence
// since the last review; the verdict dialog (keep, revise, obsolete) signed with the
// password; the backlog by month, and a manager's spread of first dates.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { EmptyList, PagedTable, fieldErrors, formatDate, k, useT, useUrlState } from '@plantdoc/kit';
import { useBacklog, useChangeAct, useDueReviews } from '../api';

const VERDICTS = [
  { value: 'keep', label: k('Keep: still fit for use') },
  { value: 'revise', label: k('Revise: open a change request') },
  { value: 'obsolete', label: k('Obsolete: removed from the floor now') },
];

function VerdictDialog({ item, onClose }) {
  const t = useT('changes');
  const act = useChangeAct();
  const [form, setForm] = useState({ verdict: 'keep', note: '', password: '' });
  const errors = fieldErrors(act.error);
  const other = act.error && !['verdict', 'note', 'password'].some((f) => errors[f]) ? act.error.message : null;
  const help = (f) => (errors[f] ? { validateStatus: 'error', help: errors[f] } : {});
  const sign = () => act.mutate({ path: `/api/changes/reviews/${item.kind}/${encodeURIComponent(item.docId)}`, body: form }, { onSuccess: onClose });
  return (
    <Modal
      open
      title={t('Periodic review of {{title}}', { title: item.title })}
      onCancel={onClose}
      onOk={sign}
      okText={t('Sign verdict')}
      confirmLoading={act.isPending}
    >
      <Form layout="vertical">
        <Form.Item label={t('Verdict')} {...help('verdict')}>
          <Radio.Group value={form.verdict} onChange={(e) => setForm({ ...form, verdict: e.target.value })}>
            <Space orientation="vertical">
              {VERDICTS.map((v) => (
                <Radio key={v.value} value={v.value}>
                  {t(v.label)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('Note')} htmlFor="review-note" {...help('note')}>
          <Input.TextArea id="review-note" rows={2} maxLength={1000} value={form.note} onChange={(e) => setForm({ ...form, note: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('Your password (your signature)')} htmlFor="review-password" {...help('password')}>
          <Input.Password
            id="review-password"
            autoComplete="current-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </Form.Item>
        {other ? <Alert type="error" showIcon message={other} /> : null}
      </Form>
    </Modal>
  );
}

function Backlog() {
  const t = useT('changes');
  const backlog = useBacklog();
  const act = useChangeAct();
  const [months, setMonths] = useState(6);
  if (backlog.isError) return <Alert type="error" showIcon message={t('The review backlog could not be loaded.')} />;
  const rows = backlog.data || [];
  return (
    <Card size="small" title={t('Reviews due by month')}>
      <Typography.Paragraph>
        {rows.length ? rows.map((r) => `${r.month === 'overdue' ? t('Overdue') : r.month}: ${r.due}`).join(' · ') : t('No document has a review date yet.')}
      </Typography.Paragraph>
      <Space wrap>
        <label htmlFor="spread-months">{t('Spread the first review dates over (months)')}</label>
        <InputNumber id="spread-months" min={1} max={36} value={months} onChange={(v) => setMonths(v || 1)} />
        <Button loading={act.isPending} onClick={() => act.mutate({ path: '/api/changes/reviews/spread', body: { months } })}>
          {t('Spread')}
        </Button>
      </Space>
      {act.error ? <Alert type="error" showIcon message={fieldErrors(act.error).months || act.error.message} style={{ marginTop: 8 }} /> : null}
    </Card>
  );
}

export function ReviewsPanel() {
  const t = useT('changes');
  const [url, setUrl] = useUrlState({ within: 30 });
  const due = useDueReviews(url.within);
  const [open, setOpen] = useState(null);
  const columns = [
    { title: t('Document'), dataIndex: 'title' },
    {
      title: t('Review due'),
      dataIndex: 'dueAt',
      render: (d, r) => (
        <Typography.Text type={r.overdue ? 'danger' : undefined}>
          {r.overdue ? t('{{date}} (overdue)', { date: formatDate(d) }) : formatDate(d)}
        </Typography.Text>
      ),
    },
    { title: t('Last review'), dataIndex: 'lastReview', sortable: false, render: (l) => (l ? `${l.verdict}, ${formatDate(l.at)}, ${l.by}` : '—') },
    { title: t('Verified signatures since'), dataIndex: ['evidence', 'signatures'] },
    { title: t('Revisions of the part since'), dataIndex: ['evidence', 'revisions'] },
    // Null while the readiness module is off: nothing is known, not 'none'.
    { title: t('Overdue readings'), dataIndex: ['evidence', 'overdueReadings'], render: (n) => n ?? '—' },
    {
      title: t('Verdict'),
      key: 'act',
      sortable: false,
      render: (_, r) =>
        r.maySign ? (
          <Button onClick={() => setOpen(r)}>{t('Review')}</Button>
        ) : (
          <Typography.Text type="secondary">{t("The owner's or a manager's")}</Typography.Text>
        ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <label htmlFor="due-within">{t('Due within (days)')}</label>
        <InputNumber id="due-within" min={0} max={3660} value={url.within} onChange={(v) => setUrl({ within: v ?? 30 }, { replace: true })} />
      </Space>
      {due.isError ? (
        <Alert type="error" showIcon message={t('The documents due for review could not be loaded.')} description={due.error?.message} />
      ) : due.isSuccess && due.data.items.length === 0 ? (
        <EmptyList text={t('No document is due for review within these days.')} />
      ) : (
        <PagedTable aria-label={t('Due for review')} rowKey="docId" columns={columns} dataSource={due.data?.items || []} loading={due.isLoading} />
      )}
      <Backlog />
      {open ? <VerdictDialog item={open} onClose={() => setOpen(null)} /> : null}
    </Space>
  );
}
