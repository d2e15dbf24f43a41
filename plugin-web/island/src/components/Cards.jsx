// The two centred cards of both acknowledgement flows: the verifier's badge scan and the
// result with Back to Status.
import { Alert, Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeInput } from './BadgeInput';
import { partPath } from '../state';

const CARD = { maxWidth: 560, margin: '48px auto', textAlign: 'center' };

/** onCancel: the way back to what was being read (issue 26: no dead end). */
export function VerifyCard({ prompt, onBadge, note, onCancel }) {
  return (
    <Card style={CARD}>
      <Typography.Title level={3}>Verification Required</Typography.Title>
      <Typography.Paragraph>{prompt}</Typography.Paragraph>
      <Typography.Paragraph strong>Scan your badge to verify</Typography.Paragraph>
      <BadgeInput onBadge={onBadge} />
      {note && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={note} />}
      {onCancel && (
        <Button size="large" style={{ marginTop: 16 }} onClick={onCancel}>
          Cancel
        </Button>
      )}
    </Card>
  );
}

/** The result, and Back to Status with fresh statuses. */
export function DoneCard({ title, lines, partId }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card style={CARD}>
      <Typography.Title level={3}>{title}</Typography.Title>
      {lines.map((l) => (
        <Typography.Paragraph key={l}>{l}</Typography.Paragraph>
      ))}
      <Button
        type="primary"
        size="large"
        onClick={() => {
          // Reset, not invalidate: stale statuses must not show (or be clicked) meanwhile.
          queryClient.resetQueries({ queryKey: ['island'] });
          // The part and its sign history are the kit's calls, under the swp module's keys.
          queryClient.resetQueries({ queryKey: ['swp'] });
          navigate(partPath('operator-status', partId));
        }}
      >
        Back to Status
      </Button>
    </Card>
  );
}
