// Sign Off, Alerts tab: 'Pending My Approval' (GET /api/alerts/pending-my-approval,
// Uploaded ascending), the review control (the alert document on a fresh link, the
// sidebar, note, Reject and Approve) and All Done.
import { Alert, Button } from 'antd';
import { alertColumns, DocumentFrame, k, textColumn, useSignedLinks, useT, VIEWER_HEIGHT } from '@plantdoc/kit';
import { ALERT_FETCH_ERROR, ALERT_TYPES, NO_ALERTS, personName, zonesText } from '../lib';
import { alertLink, signoffKeys, usePendingAlerts } from '../api';
import { ReviewTab } from '../components/ReviewTab';
import { ReviewScreen } from '../components/ReviewScreen';

export const ALERT_COLUMNS = ['ID', 'Type', 'Part', 'Uploaded', 'Zones', 'Owner'];

export function AlertDocument({ alert, onBack }) {
  const t = useT('signoff');
  const link = useSignedLinks(alertLink(alert._id));
  let body;
  if (link.isError) body = <Alert type="error" showIcon message={t(ALERT_FETCH_ERROR)} />;
  else if (!link.data) body = <div style={{ padding: 24 }}>{t('Loading..')}</div>;
  else body = <DocumentFrame title={t('Alert {{tag}}', { tag: alert.alertTag || '' })} src={link.data} onRefused={() => link.refetch()} />;
  return (
    <div>
      <Button onClick={onBack} style={{ marginBottom: 12 }}>
        {t('Back')}
      </Button>
      <div data-testid="alert-document" style={{ height: VIEWER_HEIGHT, background: '#f5f5f5' }}>
        {body}
      </div>
    </div>
  );
}

/** The sidebar's rows (spec 'Sign Off screen, Alerts tab'). */
const ALERT_FACTS = [k('Submitted'), k('Type'), k('Part'), k('Uploader'), k('Responsibility'), k('Effective'), k('Sunset'), k('Zones')];

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

/** The table's columns; `onOpen(row)` opens the review; `t` the namespace's translator. */
export const alertTableColumns = (onOpen, t) => [
  // The type (a value of ALERT_TYPES) shown through t.
  ...alertColumns({ onOpen, order: 'ascend' }).map((c) => (c.key === 'alertType' ? { ...c, render: (v) => (ALERT_TYPES.includes(v) ? t(v) : v) } : c)),
  textColumn(t('Zones'), 'zones', (r) => zonesText(r.zones)),
  textColumn(t('Owner'), 'owner', (r) => personName(r.owner)),
];

/** nav, notify: the page's (SignOffPage). */
export function AlertsTab(page) {
  const t = useT('signoff');
  return (
    <ReviewTab
      {...page}
      kind="alert"
      query={usePendingAlerts()}
      gone={t('This alert is no longer pending your approval.')}
      empty={t(NO_ALERTS)}
      columns={alertTableColumns}
      Review={AlertReview}
    />
  );
}
