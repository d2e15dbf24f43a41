// /island: the kiosk start screen. Scan Badge shows a masked badge field; the badge
// lookup itself comes with the island issue.
import { useRef, useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';

export function StartScreen() {
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const badge = useRef(null);
  return (
    <Card style={{ maxWidth: 560, margin: '64px auto', textAlign: 'center' }}>
      <Typography.Title level={3}>Please scan your badge to continue</Typography.Title>
      {scanning ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Input.Password ref={badge} autoFocus placeholder="Badge" visibilityToggle={false} aria-label="Badge" />
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
