// /main/changes: the change requests the user sees (state and words filters, 25 a page),
// one request's detail, and the form that raises one. Every choice is in the address
// (?state=&q=&page=&request=&new=1): reload, Back and a shared link keep them.
import { Alert, Button, Card, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import { EmptyList, PagedTable, formatDate, k, useT, useUrlState, zoneLabel } from '@plantdoc/kit';
import { useRequests } from '../api';
import { RequestDetail } from '../components/RequestDetail';
import { NewRequest } from '../components/NewRequest';
import { ReviewsPanel } from '../components/ReviewsPanel';

const DEFAULTS = { tab: '', state: '', q: '', page: 1, request: '', new: '' };
export const PAGE_SIZE = 25;
export const STATES = [
  { value: '', label: k('Every state') },
  { value: 'draft', label: k('Draft') },
  { value: 'in review', label: k('In review') },
  { value: 'approved', label: k('Approved') },
  { value: 'closed', label: k('Closed') },
  { value: 'cancelled', label: k('Cancelled') },
];

export function StateTag({ state }) {
  const t = useT('changes');
  const known = STATES.find((s) => s.value === state);
  // Plain tags: antd's coloured ones fall under AA contrast on their tinted ground.
  return <Tag>{known ? t(known.label) : state}</Tag>;
}

export function ChangesPage() {
  const t = useT('changes');
  const [url, setUrl] = useUrlState(DEFAULTS);
  const list = useRequests({ state: url.state, q: url.q, page: url.page, enabled: !url.request && url.new !== '1' && url.tab !== 'reviews' });
  if (url.new === '1') return <NewRequest onDone={(id) => setUrl({ new: '', request: id || '' })} />;
  if (url.request) return <RequestDetail id={url.request} onBack={() => setUrl({ request: '' })} />;
  const columns = [
    {
      title: t('Number'),
      dataIndex: 'id',
      render: (id) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setUrl({ request: id })}>
          {id}
        </Button>
      ),
    },
    { title: t('Title'), dataIndex: 'title' },
    { title: t('State'), dataIndex: 'state', render: (s) => <StateTag state={s} /> },
    { title: t('Zones'), dataIndex: 'zones', sortable: false, render: (zs) => zs.map((z) => zoneLabel(z.zone)).join(', ') },
    { title: t('Raised by'), dataIndex: 'owner' },
    { title: t('Raised'), dataIndex: 'createdAt', render: (d) => formatDate(d) },
  ];
  const requests = (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('Change Control')}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          <Input.Search
            aria-label={t('Search change requests')}
            placeholder={t('Number, title, reason or reference')}
            defaultValue={url.q}
            allowClear
            onSearch={(q) => setUrl({ q, page: 1 })}
            style={{ width: 260 }}
          />
          <Select
            aria-label={t('State')}
            style={{ width: 150 }}
            options={STATES.map((o) => ({ ...o, label: t(o.label) }))}
            value={url.state}
            onChange={(v) => setUrl({ state: v, page: 1 })}
          />
          <Button type="primary" onClick={() => setUrl({ new: '1' })}>
            {t('New change request')}
          </Button>
        </Space>
      }
    >
      {list.isError ? (
        <Alert type="error" showIcon message={t('The change requests could not be loaded.')} description={list.error?.message} />
      ) : list.isSuccess && list.data.total === 0 && !url.state && !url.q ? (
        <EmptyList text={t('No change requests yet. Raise one to carry a change to the floor with its reason, references and effective dates.')} />
      ) : (
        <PagedTable
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items || []}
          loading={list.isLoading}
          pagination={{ current: url.page, pageSize: PAGE_SIZE, total: list.data?.total || 0, showSizeChanger: false }}
          onChange={(p) => setUrl({ page: p.current })}
        />
      )}
    </Card>
  );
  return (
    <Tabs
      activeKey={url.tab || 'requests'}
      onChange={(key) => setUrl({ tab: key === 'requests' ? '' : key })}
      items={[
        { key: 'requests', label: t('Change requests'), children: requests },
        { key: 'reviews', label: t('Due for review'), children: url.tab === 'reviews' ? <ReviewsPanel /> : null },
      ]}
    />
  );
}
