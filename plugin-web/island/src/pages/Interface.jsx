// /island/interface?part=&view=&doc=: the operator interface. Content views
// (instructions, history, settings, alerts) and the 350 px sidebar.
import { Suspense, lazy } from 'react';
import { Button, Space, Spin, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyList, Redirect, getKioskSettings, useSignedLinks, useT, useTabsNames } from '@plantdoc/kit';
import { linksSource, useDeployedSwp, useOperatorAlerts, useOperatorStatus, useZoneAlerts } from '../api';
import { COLOURS, statuses } from '../components/status';
import { AlertsFailed } from '../components/AlertsFailed';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { useOperator } from '../state';
import { SignOutButton } from '../components/SignOut';
import { CONTENT_HEIGHT, DOCS, docTitle } from './SwpAck';

// The History view is its own chunk (components/History.jsx), loaded when it is opened.
const History = lazy(() => import('../components/History').then((m) => ({ default: m.History })));

/** The zone's alerts in force, one tab per alert tag. */
function Alerts() {
  const t = useT('island');
  const names = useTabsNames();
  const alerts = useZoneAlerts(getKioskSettings().zone);
  if (alerts.isLoading) return <Typography.Text>{t('Loading alerts..')}</Typography.Text>;
  if (alerts.isError) return <AlertsFailed retry={() => alerts.refetch()} />;
  if (!alerts.data?.length) return <EmptyList text={t('There are no current issued alerts for this zone')} />;
  return (
    <Tabs
      {...names}
      items={alerts.data.map((a) => ({
        key: a._id,
        label: a.alertTag,
        children: <DocFrame url={a.url} title={t('{{tag}} alert', { tag: a.alertTag })} height={600} />,
      }))}
    />
  );
}

export function Interface() {
  const t = useT('island');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const partId = params.get('part');
  const view = params.get('view') || 'instructions';
  const doc = params.get('doc') || 'swc';
  const op = useOperator();
  const part = useDeployedSwp(partId);
  const swpId = part.data?._id;
  const status = useOperatorStatus(op?._id, swpId);
  const links = useSignedLinks({ ...linksSource(swpId), enabled: Boolean(swpId) });
  const opAlerts = useOperatorAlerts(getKioskSettings().zone, op?._id, part.data?.partNumber);
  const s = statuses({ ...(status.data || {}), alertsRead: !opAlerts.isError && !(opAlerts.data || []).length });
  const show = (patch) => setParams(new URLSearchParams({ part: partId, ...patch }));
  const box = (label, colour, onClick = () => navigate(`/island/operator-status?part=${encodeURIComponent(partId)}`)) => (
    <Button key={label} block onClick={onClick} style={{ borderLeft: `6px solid ${COLOURS[colour]}` }}>
      {label}
    </Button>
  );
  const sidebar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {op?.fullName}
      </Typography.Title>
      {box(t('Training'), s.training)}
      {box(t('Alerts'), s.alerts, () => show({ view: 'alerts' }))}
      {box(t('Instructions'), s.instructions)}
      <SignOutButton />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {part.data?.partNumber || t('No Part')}
      </Typography.Title>
      <Button block onClick={() => navigate('/island/part-select')}>
        {t('Change Part')}
      </Button>
      <Space wrap>
        {DOCS.map(([id, short]) => (
          <Button key={id} type={view === 'instructions' && doc === id ? 'primary' : 'default'} onClick={() => show({ view: 'instructions', doc: id })}>
            {short}
          </Button>
        ))}
        <Button disabled={!part.data?.urls?.video} onClick={() => show({ view: 'instructions', doc: 'video' })}>
          {t('Video')}
        </Button>
      </Space>
      <Button block disabled={!swpId} onClick={() => show({ view: 'history' })}>
        {t('History')}
      </Button>
      <Button block onClick={() => show({ view: 'settings' })}>
        {t('Settings')}
      </Button>
    </Space>
  );
  // Signed out while this screen was still shown.
  if (!op) return <Redirect to="/island" />;
  let content;
  if (view === 'history')
    content = (
      <Suspense fallback={<Spin style={{ display: 'block', marginTop: 64 }} />}>
        <History swpId={swpId} />
      </Suspense>
    );
  else if (view === 'settings')
    content = (
      <Typography.Title level={2} style={{ fontSize: 24 }}>
        {t('Settings have been temporarily disabled')}
      </Typography.Title>
    );
  else if (view === 'alerts') content = <Alerts />;
  else content = <DocFrame url={links.data?.[doc]} title={docTitle(t, doc)} video={doc === 'video'} onRefused={() => links.refetch()} />;
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      {content}
    </KioskLayout>
  );
}
