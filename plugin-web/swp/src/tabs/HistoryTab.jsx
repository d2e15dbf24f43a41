// Verification History: choose a part (kit part search), see the sign records of its
// deployed SWP (by the catalogue part id), then 'Past Revisions Signed Within 90 Days' with
// one table per obsolete revision (by part number). Each revision says why it was made (its
// 'Changes' note and change request); a list that cannot load says so, with a retry, rather
// than showing an empty table.
import { Button, Space, Spin, Typography } from 'antd';
import { EmptyList, formatDate, PagedTable, PartNumberSearch, useT, useUrlState } from '@plantdoc/kit';
import { GREEN, HISTORY_PAGE_SIZE, RED } from '../lib';
import { deployedSwpParts, useObsoleteSignHistory, useSignedRevision, useSignHistory } from '../api';
import { AuditorsFile } from '../components/AuditorsFile';
import { SignatureDetail } from '../components/SignatureDetail';

/** The columns, their texts through `t` (the swp namespace's). */
export const historyColumns = (t) => [
  {
    title: t('Status'),
    key: 'status',
    dataIndex: 'verified',
    sortValue: (r) => (r.verified ? 1 : 0),
    render: (v) => <span style={{ color: v ? GREEN : RED, fontWeight: 500 }}>{v ? t('VERIFIED') : t('NOT VERIFIED')}</span>,
  },
  { title: t('Op Name'), key: 'opName', dataIndex: ['op', 'fullName'] },
  { title: t('Op Number'), key: 'opNo', dataIndex: ['op', 'opNo'] },
  { title: t('Signed'), key: 'signed', dataIndex: ['dateSigned', 'date'], render: (_, r) => formatDate(r.dateSigned) },
  { title: t('CL Name'), key: 'clName', dataIndex: ['cl', 'fullName'] },
  { title: t('CL Number'), key: 'clNo', dataIndex: ['cl', 'opNo'] },
  {
    title: t('Verified'),
    key: 'verifiedAt',
    dataIndex: ['dateVerified', 'date'],
    defaultSortOrder: 'descend',
    render: (_, r) => formatDate(r.dateVerified),
  },
  // Decision 69: names, times with offset, meanings, modes and the version's SHA-256.
  { title: t('Detail'), key: 'detail', sortable: false, render: (_, r) => <SignatureDetail record={r} /> },
];

const keyed = (rows) => (Array.isArray(rows) ? rows : []).map((r, i) => ({ ...r, rowKey: r._id ?? String(i) }));

export function HistoryTable({ rows, ...rest }) {
  const t = useT('swp');
  return <PagedTable columns={historyColumns(t)} dataSource={keyed(rows)} rowKey="rowKey" pageSize={HISTORY_PAGE_SIZE} {...rest} />;
}

/** Why a revision was made: 'Revision 2 · Changes: … · Change request CR-2026-0001'. */
export function RevisionReason({ revision }) {
  const t = useT('swp');
  if (!revision) return null;
  const parts = [
    revision.revision != null && `${t('Revision')} ${revision.revision}`,
    `${t('Changes')}: ${revision.changes || t('None')}`,
    revision.changeRequest && t('Change request {{id}}', { id: revision.changeRequest }),
  ].filter(Boolean);
  return (
    <Typography.Paragraph type="secondary" data-testid="revision-reason" style={{ marginBottom: 8 }}>
      {parts.join(' · ')}
    </Typography.Paragraph>
  );
}

/** A list that could not load: says which, with a retry (never an empty table). */
function Failed({ message, query }) {
  const t = useT('swp');
  return (
    <Space role="alert" wrap>
      <Typography.Text type="danger">{message}</Typography.Text>
      <Button size="small" onClick={() => query.refetch()}>
        {t('Retry')}
      </Button>
    </Space>
  );
}

// The chosen part is in the address (?part=<catalogue id>&pn=<number>, decision 60).
const URL_STATE = { part: '', pn: '' };

export function HistoryTab() {
  const t = useT('swp');
  const [state, setState] = useUrlState(URL_STATE);
  const part = state.part ? { _id: state.part, partNumber: state.pn } : null;
  const setPart = (p) => setState({ part: p._id, pn: p.partNumber });
  const currentQuery = useSignHistory(part?._id);
  const revision = useSignedRevision(part?._id).data;
  const groupsQuery = useObsoleteSignHistory(part?.partNumber);
  const [current, groups] = [currentQuery.data ?? null, groupsQuery.data ?? null];

  return (
    <div>
      <PartNumberSearch key={state.part} initialValue={state.pn} source={deployedSwpParts} onSelect={setPart} />
      {part && (
        <div style={{ marginTop: 16 }} data-testid="history">
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {part.partNumber}
          </Typography.Title>
          <AuditorsFile partNumber={part.partNumber} />
          {currentQuery.isError ? (
            <Failed message={t('Could not load the sign history.')} query={currentQuery} />
          ) : current === null ? (
            <Spin />
          ) : (
            <>
              <RevisionReason revision={revision} />
              <HistoryTable rows={current} />
            </>
          )}
          <Typography.Title level={3} style={{ marginTop: 24, fontSize: 16 }}>
            {t('Past Revisions Signed Within 90 Days')}
          </Typography.Title>
          {groupsQuery.isError ? (
            <Failed message={t("Could not load the past revisions' sign history.")} query={groupsQuery} />
          ) : groups === null ? (
            <Spin />
          ) : groups.length === 0 ? (
            <EmptyList />
          ) : (
            <Space direction="vertical" style={{ width: '100%' }}>
              {groups.map((g, i) => (
                <div key={g._id ?? i} data-testid="obsolete-group">
                  <Typography.Text strong>{t('Obsolete SWP created on: {{date}}', { date: formatDate(g.createdDate) })}</Typography.Text>
                  <RevisionReason revision={g} />
                  <HistoryTable rows={g.opsSigned} />
                </div>
              ))}
            </Space>
          )}
        </div>
      )}
    </div>
  );
}
