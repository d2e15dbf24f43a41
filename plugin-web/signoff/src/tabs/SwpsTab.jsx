// Sign Off, SWPs tab: 'Pending My Approval' (GET /api/swps/pending-my-approval), the
// review view (the kit's DocumentViewer on fresh links, the sidebar, note, Reject and
// Approve) and All Done. Which item and section are shown lives in the URL (nav).
import { Typography } from 'antd';
import { DocumentViewer, formatDate, PagedTable } from '@plantdoc/kit';
import { personName, authorName, revisionText, zonesText } from '../lib';
import { signoffKeys, swpLinks, usePendingSwps } from '../api';
import { ReviewTab } from '../components/ReviewTab';
import { ReviewLayout } from '../components/ReviewLayout';
import { ReviewPanel } from '../components/ReviewPanel';
import { useReviewFlow } from '../components/useReviewFlow';

export const SWP_COLUMNS = ['Part Number', 'Submitted', 'Uploader', 'Zones', 'Revision'];

function SwpReview({ item: swp, list, nav, notify }) {
  const onReviewed = useReviewFlow({ kind: 'swp', queryKey: signoffKeys.swps, list, nav, notify });
  return (
    <ReviewLayout
      document={
        <DocumentViewer
          links={swpLinks(swp._id)}
          title={`${swp.partNumber} ${(nav.section || 'swc').toUpperCase()}`}
          onBack={nav.list}
          section={nav.section || 'swc'}
          onSectionChange={nav.setSection}
        />
      }
      sidebar={
        <ReviewPanel
          key={swp._id}
          kind="swp"
          id={swp._id}
          title={swp.partNumber}
          rows={[
            ['Submitted', formatDate(swp.uploadDate)],
            ['Uploader', personName(swp.owner)],
            ['Author', authorName(swp)],
            ['Revision', revisionText(swp.revision)],
            ['Zones', zonesText(swp.zones)],
            ['Changes', swp.changes],
          ]}
          onReviewed={(verdict) => onReviewed(swp._id, verdict)}
        />
      }
    />
  );
}

export function PendingSwpsTable({ rows, onOpen }) {
  const columns = [
    {
      title: 'Part Number',
      key: 'partNumber',
      dataIndex: 'partNumber',
      render: (part, r) => (
        <Typography.Link onClick={() => onOpen(r._id)} data-testid="part-link">
          {part}
        </Typography.Link>
      ),
    },
    { title: 'Submitted', key: 'submitted', dataIndex: ['uploadDate', 'timestamp'], render: (_, r) => formatDate(r.uploadDate) },
    { title: 'Uploader', key: 'uploader', dataIndex: ['owner', 'firstname'], sortValue: (r) => personName(r.owner), render: (_, r) => personName(r.owner) },
    { title: 'Zones', key: 'zones', dataIndex: 'zones', sortValue: (r) => zonesText(r.zones), render: zonesText },
    { title: 'Revision', key: 'revision', dataIndex: 'revision', render: revisionText },
  ];
  return <PagedTable columns={columns} dataSource={rows} />;
}

export function SwpsTab({ nav, notify }) {
  // An empty list shows no table (spec section 8).
  return (
    <ReviewTab
      kind="swp"
      query={usePendingSwps()}
      nav={nav}
      notify={notify}
      gone="This SWP is no longer pending your approval."
      Table={PendingSwpsTable}
      Review={SwpReview}
    />
  );
}
