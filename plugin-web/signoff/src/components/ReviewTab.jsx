// The frame of both tabs: All Done, the review of the item in the URL, or 'Pending My
// Approval' with its table (`empty` when the list is empty; a failed load counts as empty).
import { Alert, Spin, Typography } from 'antd';
import { AllDone } from './AllDone';

export function ReviewTab({ kind, query, nav, gone, empty = null, Table, Review, notify }) {
  const rows = query.isError ? [] : query.data ?? null;
  if (nav.done) return <AllDone kind={kind} onBack={nav.list} />;
  if (rows === null) return <Spin />;
  const item = nav.id ? rows.find((r) => r._id === nav.id) : null;
  if (item) return <Review item={item} list={rows} nav={nav} notify={notify} />;
  return (
    <div>
      {nav.id && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={gone} />}
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 18 }}>
        Pending My Approval
      </Typography.Title>
      {rows.length ? <Table rows={rows} onOpen={(id) => nav.open(id)} /> : empty}
    </div>
  );
}
