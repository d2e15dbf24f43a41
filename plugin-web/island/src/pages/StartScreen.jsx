// /island: the kiosk start screen. Scan Badge shows the masked badge field; a known badge
// sets the operator and goes to part select.
import { useEffect, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { BadgeInput } from '../components/BadgeInput';
import { operatorFromBadge } from '../api';
import { flush } from '../outbox';
import { setOperator } from '../state';

export function StartScreen() {
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  // Anything a previous run could not send goes now.
  useEffect(() => void flush(), []);
  return (
    <Card style={{ maxWidth: 560, margin: '64px auto', textAlign: 'center' }}>
      <Typography.Title level={3}>Please scan your badge to continue</Typography.Title>
      {scanning ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <BadgeInput
            onBadge={async (badge) => {
              const at = performance.now();
              const op = await operatorFromBadge(badge);
              // Badge scan → operator known (printed by the browser test).
              window.__badgeMs = Math.round(performance.now() - at);
              setOperator({ _id: op._id, opNo: op.opNo, fullName: op.fullName });
              navigate('/island/part-select');
            }}
          />
          <Typography.Text type="secondary">Waiting for a badge scan</Typography.Text>
        </Space>
      ) : (
        <Space size="large">
          <Button type="primary" size="large" onClick={() => setScanning(true)}>
            Scan Badge
          </Button>
          <Button size="large" onClick={() => navigate('/island/reference')}>
            Reference Screen
          </Button>
        </Space>
      )}
    </Card>
  );
}
