// /island/alert-ack?part=&step=&tag=: the operator reads the first alert not yet
// verified, ticks 'I have fully read the alert', Next records the read; a verifier scans
// their badge (spec "Alert acknowledgement screen"). Both go through the outbox.
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Space, Spin, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { getKioskSettings } from '@plantdoc/kit';
import { useOperatorAlerts } from '../api';
import { BadgeInput } from '../components/BadgeInput';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { send } from '../outbox';
import { partPath, useOperator } from '../state';
import { CONTENT_HEIGHT } from './SwpAck';

const PENDING_TEXT = 'Saved on this netbook. It will be sent as soon as the server answers.';

function Approved({ op, tag, partId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card style={{ maxWidth: 560, margin: '48px auto', textAlign: 'center' }}>
      <Typography.Title level={3}>Alert Approved</Typography.Title>
      <Typography.Paragraph>
        {op.fullName} has read the necessary alert ({tag}) for this part number
      </Typography.Paragraph>
      <Typography.Paragraph>Press the button to go back to the status screen</Typography.Paragraph>
      <Button
        type="primary"
        size="large"
        onClick={() => {
          queryClient.invalidateQueries({ queryKey: ['island'] });
          navigate(partPath('operator-status', partId));
        }}
      >
        Back to Status
      </Button>
    </Card>
  );
}

export function AlertAck() {
  const [params, setParams] = useSearchParams();
  const partId = params.get('part');
  const step = params.get('step');
  const op = useOperator();
  const alerts = useOperatorAlerts(getKioskSettings().zone, op?._id);
  const [ticked, setTicked] = useState(false);
  const [note, setNote] = useState('');
  const go = (patch) => setParams({ part: partId, ...patch });
  if (step === 'approved') return <Approved op={op} tag={params.get('tag')} partId={partId} />;
  if (alerts.isLoading) return <Spin tip="Loading.." style={{ display: 'block', marginTop: 64 }}><div /></Spin>;
  const alert = (alerts.data || [])[0];
  if (!alert) return <Navigate to="/island" replace />;
  if (step === 'verify') {
    const verify = async (badgeNo) => {
      setNote('');
      await send('/api/island/verify-alert', { badgeNo, opId: op._id, alertId: alert._id }, () => setNote(PENDING_TEXT));
      go({ step: 'approved', tag: alert.alertTag });
    };
    return (
      <Card style={{ maxWidth: 560, margin: '48px auto', textAlign: 'center' }}>
        <Typography.Title level={3}>Verification Required</Typography.Title>
        <Typography.Paragraph>
          Please confirm {op.fullName} has read all the alert {alert.alertTag}
        </Typography.Paragraph>
        <Typography.Paragraph strong>Scan your badge to verify</Typography.Paragraph>
        <BadgeInput onBadge={verify} />
        {note && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={note} />}
      </Card>
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
    </Space>
  );
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      <Typography.Title level={3}>{alert.alertType} Alert</Typography.Title>
      <DocFrame url={alert.url} title={`${alert.alertTag} alert`} height={600} />
    </KioskLayout>
  );
}
