// /island: the kiosk start screen. Scan Badge shows the masked badge field; a known badge
// sets the operator and goes to part select. A badge reader needs no tap: the screen
// captures keys from the start, the first one shows the field, and none is lost while
// the field's chunk loads (issue 26).
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { operatorFromBadge } from '../badgeApi';
import { flush } from '../outbox';
import { setOperator } from '../state';
import { useBadgeCapture, useBadgeField } from '../components/badgeField';

// The badge field loads when Scan Badge is pressed; the box is drawn as antd's Card is
// (Card itself imports Tabs and Skeleton: ~25 KB the start screen would download for a box).
const BadgeInput = lazy(() => import('../components/BadgeInput').then((m) => ({ default: m.BadgeInput })));
const CARD = { background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 24, boxSizing: 'border-box' };

export function StartScreen() {
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const field = useBadgeField(async (badge) => {
    const at = performance.now();
    const op = await operatorFromBadge(badge);
    // Badge scan → operator known (printed by the browser test).
    window.__badgeMs = Math.round(performance.now() - at);
    // `lang`: the operator's language (issue 29), read by kioskLanguage().
    setOperator({ _id: op._id, opNo: op.opNo, fullName: op.fullName, lang: op.lang });
    navigate('/island/part-select');
  });
  useBadgeCapture(field, { onKey: () => setScanning(true) });
  // Anything a previous run could not send goes now.
  useEffect(() => void flush(), []);
  return (
    <div style={{ ...CARD, maxWidth: 560, margin: '64px auto', textAlign: 'center' }}>
      <Typography.Title level={3}>Please scan your badge to continue</Typography.Title>
      {scanning ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Suspense fallback={null}>
            <BadgeInput field={field} capture={false} />
          </Suspense>
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
    </div>
  );
}
