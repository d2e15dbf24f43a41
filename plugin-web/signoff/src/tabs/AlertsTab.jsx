// Sign Off, Alerts tab: 'Pending My Approval' (GET /api/alerts/pending-my-approval,
// Uploaded ascending), the review control (the alert document on a fresh link, the
// sidebar, note, Reject and Approve) and All Done.
import { Alert, Button, Typography } from 'antd';
import { DocumentFrame, formatDate, PagedTable, useSignedLinks, VIEWER_HEIGHT } from '@plantdoc/kit';
import { ALERT_FETCH_ERROR, NO_ALERTS, authorName, personName, zonesText } from '../lib';
import { alertLink, signoffKeys, usePendingAlerts } from '../api';
import { ReviewTab } from '../components/ReviewTab';
import { ReviewLayout } from '../components/ReviewLayout';
import { ReviewPanel } from '../components/ReviewPanel';
import { useReviewFlow } from '../components/useReviewFlow';

export const ALERT_COLUMNS = ['ID', 'Type', 'Part', 'Uploaded', 'Zones', 'Owner'];

export function AlertDocument({ alert, onBack }) {
  const link = useSignedLinks(alertLink(alert._id));
  let body;
  if (link.isError) body = <Alert type="error" showIcon message={ALERT_FETCH_ERROR} />;
  else if (!link.data) body = <div style={{ padding: 24 }}>Loading..</div>;
  else body = <DocumentFrame title={`Alert ${alert.alertTag || ''}`} src={link.data} onRefused={() => link.refetch()} />;
  return (
    <div>
      <Button onClick={onBack} style={{ marginBottom: 12 }}>
        Back
      </Button>
      <div data-testid="alert-document" style={{ height: VIEWER_HEIGHT, background: '#f5f5f5' }}>
        {body}
      </div>
    </div>
  );
}

function AlertReview({ item: alert, list, nav, notify }) {
  const onReviewed = useReviewFlow({ kind: 'alert', queryKey: signoffKeys.alerts, list, nav, notify });
  return (
    <ReviewLayout
      document={<AlertDocument alert={alert} onBack={nav.list} />}
      sidebar={
        <ReviewPanel
          key={alert._id}
          kind="alert"
          id={alert._id}
          title={alert.alertTag}
          rows={[
            ['Submitted', formatDate(alert.uploadDate)],
            ['Type', alert.alertType],
            ['Part', alert.partNumber],
            ['Uploader', personName(alert.owner)],
            ['Responsibility', authorName(alert)],
            ['Effective', formatDate(alert.effectiveDate)],
            ['Sunset', formatDate(alert.sunsetDate)],
            ['Zones', zonesText(alert.zones)],
          ]}
          onReviewed={(verdict) => onReviewed(alert._id, verdict)}
        />
      }
    />
  );
}

const uploaded = (r) => r.uploadDate?.timestamp ?? r.uploadDate?.date ?? r.uploadDate ?? '';

export function PendingAlertsTable({ rows, onOpen }) {
  const columns = [
    {
      title: 'ID',
      key: 'alertTag',
      dataIndex: 'alertTag',
      render: (tag, r) => (
        <Typography.Link onClick={() => onOpen(r._id)} data-testid="alert-link">
          {tag}
        </Typography.Link>
      ),
    },
    { title: 'Type', key: 'alertType', dataIndex: 'alertType' },
    { title: 'Part', key: 'partNumber', dataIndex: 'partNumber' },
    { title: 'Uploaded', key: 'uploaded', dataIndex: 'uploadDate', sortValue: uploaded, defaultSortOrder: 'ascend', render: (_, r) => formatDate(r.uploadDate) },
    { title: 'Zones', key: 'zones', dataIndex: 'zones', sortValue: (r) => zonesText(r.zones), render: zonesText },
    { title: 'Owner', key: 'owner', dataIndex: 'owner', sortValue: (r) => personName(r.owner), render: (_, r) => personName(r.owner) },
  ];
  return <PagedTable columns={columns} dataSource={rows} />;
}

export function AlertsTab({ nav, notify }) {
  return (
    <ReviewTab
      kind="alert"
      query={usePendingAlerts()}
      nav={nav}
      notify={notify}
      gone="This alert is no longer pending your approval."
      empty={<Typography.Paragraph>{NO_ALERTS}</Typography.Paragraph>}
      Table={PendingAlertsTable}
      Review={AlertReview}
    />
  );
}
