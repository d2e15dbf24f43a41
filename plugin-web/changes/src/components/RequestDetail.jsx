// One change request: its reason, references and documents, each review stage, each zone's
// effective date and cut-in (when the change was first live on the line, by whom), the
// revisions submitted under it; and the acts the server may allow the viewer: approve or
// reject their stage, close an approved one with a reason, cancel one that has put nothing on
// the floor. A refusal is shown, never lost.
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Progress, Space, Spin, Typography } from 'antd';
import { PagedTable, fieldErrors, formatDate, formatWithOffset, k, useT, zoneLabel } from '@plantdoc/kit';
import { useChangeAct, useRequest } from '../api';
import { StateTag } from '../pages/ChangesPage';

const STAGES = { process: k('Process'), quality: k('Quality'), production: k('Production') };
// Where the change stands in a zone (the server's `zones[].state`).
const ZONE_STATES = { pending: k('Pending'), scheduled: k('Scheduled'), effective: k('In force'), live: k('Live'), cancelled: k('Cancelled') };
const VERDICTS = { Pending: k('Pending'), Approved: k('Approved'), Rejected: k('Rejected'), Bypassed: k('Bypassed'), 'Not required': k('Not required') };

function Acts({ request }) {
  const t = useT('changes');
  const act = useChangeAct();
  const [note, setNote] = useState('');
  const errors = fieldErrors(act.error);
  const send = (path, body) => act.mutate({ path, body }, { onSuccess: () => setNote('') });
  const id = encodeURIComponent(request.id);
  const inReview = request.state === 'in review';
  const approved = request.state === 'approved';
  if (!inReview && !approved) return null;
  const refused = act.error && !errors.reviewNote && !errors.reason ? act.error.message : null;
  return (
    <Card size="small" title={inReview ? t('Your review') : t('Close by hand')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor="change-note">{inReview ? t('Note for the author (required to reject)') : t('Reason for closing')}</label>
        <Input.TextArea
          id="change-note"
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          status={errors.reviewNote || errors.reason ? 'error' : undefined}
        />
        {errors.reviewNote || errors.reason ? <Typography.Text type="danger">{errors.reviewNote || errors.reason}</Typography.Text> : null}
        {refused ? <Alert type="error" showIcon message={refused} /> : null}
        <Space wrap>
          {inReview ? (
            <>
              <Button type="primary" loading={act.isPending} onClick={() => send(`/api/changes/approve/${id}`, { reviewNote: note })}>
                {t('Approve my stage')}
              </Button>
              <Button danger loading={act.isPending} onClick={() => send(`/api/changes/reject/${id}`, { reviewNote: note })}>
                {t('Reject')}
              </Button>
            </>
          ) : (
            <Button loading={act.isPending} onClick={() => send(`/api/changes/${id}/close`, { reason: note })}>
              {t('Close change request')}
            </Button>
          )}
        </Space>
      </Space>
    </Card>
  );
}

/** Cancelling (its author or a manager, the server judges): while nothing it carries is on the floor. */
function Cancel({ request }) {
  const t = useT('changes');
  const act = useChangeAct();
  const [reason, setReason] = useState('');
  const errors = fieldErrors(act.error);
  const open = ['draft', 'in review', 'approved'].includes(request.state);
  if (!open || (request.revisions || []).some((v) => v.deployedAt)) return null;
  const refused = act.error && !errors.reason ? act.error.message : null;
  const send = () => act.mutate({ path: `/api/changes/${encodeURIComponent(request.id)}/cancel`, body: { reason } }, { onSuccess: () => setReason('') });
  return (
    <Card size="small" title={t('Cancel')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <label htmlFor="change-cancel-reason">{t('Reason for cancelling')}</label>
        <Input.TextArea
          id="change-cancel-reason"
          rows={2}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          status={errors.reason ? 'error' : undefined}
        />
        {errors.reason ? <Typography.Text type="danger">{errors.reason}</Typography.Text> : null}
        {refused ? <Alert type="error" showIcon message={refused} /> : null}
        <Button danger loading={act.isPending} onClick={send}>
          {t('Cancel change request')}
        </Button>
      </Space>
    </Card>
  );
}

export function RequestDetail({ id, onBack }) {
  const t = useT('changes');
  const one = useRequest(id);
  const back = (
    <Space wrap>
      <Button href={`/api/changes/${encodeURIComponent(id)}/pdf`}>{t('Record for the auditor (PDF)')}</Button>
      <Button onClick={onBack}>{t('Back to the list')}</Button>
    </Space>
  );
  if (one.isLoading) return <Spin />;
  if (one.isError) {
    return (
      <Card title={t('Change request')} extra={back}>
        <Alert type="error" showIcon message={t('The change request could not be loaded.')} description={one.error?.message} />
      </Card>
    );
  }
  const r = one.data;
  const live = r.zones.filter((z) => z.liveAt).length;
  const zoneColumns = [
    { title: t('Zone'), dataIndex: 'zone', render: (z) => zoneLabel(z) },
    { title: t('Effective'), dataIndex: 'effective', render: (d) => d || t('At deploy') },
    { title: t('State'), dataIndex: 'state', render: (st) => (ZONE_STATES[st] ? t(ZONE_STATES[st]) : st) },
    {
      title: t('Live on the line'),
      dataIndex: 'liveAt',
      render: (d, z) =>
        d
          ? t('{{when}} by {{operator}}, verified by {{verifier}}', { when: formatWithOffset(d), operator: z.liveOperator, verifier: z.liveVerifier })
          : t('Not yet'),
    },
  ];
  const revisionColumns = [
    { title: t('Document'), dataIndex: 'kind', render: (kind, v) => `${kind === 'swp' ? 'SWP' : t('Alert')} ${v.partNumber}` },
    { title: t('Reason'), dataIndex: 'reason' },
    { title: t('Submitted'), dataIndex: 'submittedAt', render: (d) => formatDate(d) },
    { title: t('Deployed'), dataIndex: 'deployedAt', render: (d) => (d ? formatDate(d) : t('Not yet')) },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card title={<Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>{`${r.id} · ${r.title}`}</Typography.Title>} extra={back}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('State')}>
            <StateTag state={r.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('Raised by')}>{`${r.owner}, ${formatDate(r.createdAt)}`}</Descriptions.Item>
          <Descriptions.Item label={t('Reason')} span={2}>
            {r.reason}
          </Descriptions.Item>
          <Descriptions.Item label={t('References')}>{r.references.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('Documents')}>
            {r.documents.map((d) => `${d.kind === 'swp' ? 'SWP' : t('Alert')} ${d.partNumber}`).join(', ')}
          </Descriptions.Item>
          {/* The stages of this request's flow (the plant's choice when it was raised). */}
          {Object.entries(STAGES)
            .filter(([key]) => r.approvals[key] && r.approvals[key].status !== 'Not required')
            .map(([key, label]) => (
              <Descriptions.Item key={key} label={t(label)}>
                {[t(VERDICTS[r.approvals[key]?.status] || VERDICTS.Pending), r.approvals[key]?.reviewer, r.approvals[key]?.note].filter(Boolean).join(' · ')}
              </Descriptions.Item>
            ))}
          {r.closedAt ? (
            <Descriptions.Item label={r.state === 'cancelled' ? t('Cancelled') : t('Closed')} span={2}>
              {`${formatDate(r.closedAt)} · ${r.closedBy} · ${r.closeReason}`}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Card size="small" title={t('Zones')}>
        {r.coverage ? (
          <Typography.Paragraph>
            {t("Readers' coverage: {{readers}} of {{operators}} operators read every revision ({{percent}} %)", r.coverage)}
          </Typography.Paragraph>
        ) : null}
        <Progress
          aria-label={t('Zones live')}
          percent={r.zones.length ? Math.round((100 * live) / r.zones.length) : 0}
          format={() => t('{{live}} of {{all}} zones live', { live, all: r.zones.length })}
        />
        <PagedTable aria-label={t('Zones')} rowKey="zone" pagination={false} columns={zoneColumns} dataSource={r.zones} />
      </Card>
      <Card size="small" title={t('Revisions under this change request')}>
        <PagedTable
          aria-label={t('Revisions under this change request')}
          rowKey="docId"
          pagination={false}
          columns={revisionColumns}
          dataSource={r.revisions}
          locale={{ emptyText: t('No revision names this change request yet.') }}
        />
      </Card>
      <Acts request={r} />
      <Cancel request={r} />
    </Space>
  );
}
