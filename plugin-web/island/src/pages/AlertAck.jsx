// /island/alert-ack?part=&step=&tag=: the operator reads the first alert not yet
// verified, ticks 'I have fully read the alert', Next records the read; a verifier scans
// their badge (spec "Alert acknowledgement screen"). Both go through the outbox.
import { useState } from 'react';
import { Button, Checkbox, Space, Spin, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { getKioskSettings } from '@plantdoc/kit';
import { useOperatorAlerts } from '../api';
import { DoneCard, VerifyCard } from '../components/Cards';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { LeaveButtons } from '../components/SignOut';
import { PENDING_TEXT, send } from '../outbox';
import { useOperator } from '../state';
import { CONTENT_HEIGHT } from './SwpAck';

export function AlertAck() {
  const [params, setParams] = useSearchParams();
  const partId = params.get('part');
  const step = params.get('step');
  const op = useOperator();
  const alerts = useOperatorAlerts(getKioskSettings().zone, op?._id);
  const [ticked, setTicked] = useState(false);
  const [note, setNote] = useState('');
  const go = (patch) => setParams({ part: partId, ...patch });
  if (step === 'approved') {
    const tag = params.get('tag');
    const lines = [`${op.fullName} has read the necessary alert (${tag}) for this part number`, 'Press the button to go back to the status screen'];
    return <DoneCard title="Alert Approved" lines={lines} partId={partId} />;
  }
  if (alerts.isLoading) return <Spin tip="Loading.." style={{ display: 'block', marginTop: 64 }}><div /></Spin>;
  const alert = (alerts.data || [])[0];
  if (!alert) return <Navigate to="/island" replace />;
  if (step === 'verify') {
    const verify = async (badgeNo) => {
      setNote('');
      await send('/api/island/verify-alert', { badgeNo, opId: op._id, alertId: alert._id }, () => setNote(PENDING_TEXT));
      go({ step: 'approved', tag: alert.alertTag });
    };
    const sidebar = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Title level={4}>{alert.alertTag}</Typography.Title>
        <LeaveButtons partId={partId} />
      </Space>
    );
    return (
      <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
        <VerifyCard prompt={`Please confirm ${op.fullName} has read all the alert ${alert.alertTag}`} onBadge={verify} note={note} onCancel={() => go({})} />
      </KioskLayout>
    );
  }
  const next = async () => {
    setNote('');
    try {
      const ok = await send('/api/island/operator-read-alert', { opId: op._id, alertId: alert._id }, () => setNote(PENDING_TEXT));
      if (ok) go({ step: 'verify' });
    } catch (e) {
      setNote(e.message);
    }
  };
  const sidebar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>{alert.alertTag}</Typography.Title>
      <Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)}>
        I have fully read the alert
      </Checkbox>
      <Button type="primary" disabled={!ticked} onClick={next}>
        Next
      </Button>
      {note && <Typography.Paragraph type="warning">{note}</Typography.Paragraph>}
      <LeaveButtons partId={partId} />
    </Space>
  );
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      <Typography.Title level={3}>{alert.alertType} Alert</Typography.Title>
      <DocFrame url={alert.url} title={`${alert.alertTag} alert`} height={600} />
    </KioskLayout>
  );
}
