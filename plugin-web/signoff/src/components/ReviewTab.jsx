// The frame of both tabs: All Done, the review of the item in the URL, or 'Pending My
// Approval' with its table, on the kit's review list (`empty` when the list is empty, the
// kit's EmptyList by default: no table, spec section 8; a failed load counts as empty).
import { Alert, Spin, Typography } from 'antd';
import { EmptyList, ReviewList, useT } from '@plantdoc/kit';
import { AllDone } from './AllDone';

function Title() {
  const t = useT('signoff');
  return (
    <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
      {t('Pending My Approval')}
    </Typography.Title>
  );
}
const TITLE = <Title />;
const NO_RECORDS = <EmptyList />;

/** columns(onOpen, t): the table's columns; Review: the review view of one item. */
export function ReviewTab({ kind, query, nav, gone, empty = NO_RECORDS, columns, Review, notify }) {
  const t = useT('signoff');
  const rows = query.isError ? [] : (query.data ?? null);
  if (nav.done) return <AllDone kind={kind} onBack={nav.list} />;
  if (rows === null) return <Spin />;
  const item = nav.id ? rows.find((r) => r._id === nav.id) : null;
  if (item) return <Review item={item} list={rows} nav={nav} notify={notify} />;
  return (
    <div>
      {nav.id && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={gone} />}
      <ReviewList title={TITLE} rows={rows} columns={columns((r) => nav.open(r._id), t)} empty={empty} />
    </div>
  );
}
