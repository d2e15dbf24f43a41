// Sign Off, Alerts tab: 'Pending My Approval' (GET /api/alerts/pending-my-approval,
// Uploaded ascending), the review control (the alert document on a fresh link, the
// sidebar, note, Reject and Approve) and All Done.
import { Alert, Button, Typography } from 'antd';
import { alertColumns, DocumentFrame, textColumn, useSignedLinks, VIEWER_HEIGHT } from '@plantdoc/kit';
import { ALERT_FETCH_ERROR, NO_ALERTS, personName, zonesText } from '../lib';
import { alertLink, signoffKeys, usePendingAlerts } from '../api';
import { ReviewTab } from '../components/ReviewTab';
import { ReviewScreen } from '../components/ReviewScreen';

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

/** The sidebar's rows (spec 'Sign Off screen, Alerts tab'). */
const ALERT_FACTS = ['Submitted', 'Type', 'Part', 'Uploader', 'Responsibility', 'Effective', 'Sunset', 'Zones'];

function AlertReview(props) {
  const { item: alert, nav } = props;
  return (
    <ReviewScreen
      {...props}
      kind="alert"
      queryKey={signoffKeys.alerts}
      document={<AlertDocument alert={alert} onBack={nav.list} />}
      title={alert.alertTag}
      labels={ALERT_FACTS}
    />
  );
}

/** The table's columns; `onOpen(row)` opens the review. */
export const alertTableColumns = (onOpen) => [
  ...alertColumns({ onOpen, order: 'ascend' }),
  textColumn('Zones', 'zones', (r) => zonesText(r.zones)),
  textColumn('Owner', 'owner', (r) => personName(r.owner)),
];

const EMPTY = <Typography.Paragraph>{NO_ALERTS}</Typography.Paragraph>;

/** nav, notify: the page's (SignOffPage). */
export function AlertsTab(page) {
  return (
    <ReviewTab
      {...page}
      kind="alert"
      query={usePendingAlerts()}
      gone="This alert is no longer pending your approval."
      empty={EMPTY}
      columns={alertTableColumns}
      Review={AlertReview}
    />
  );
}
