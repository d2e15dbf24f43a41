// The success page after saving or deleting a user, with the way back to Settings.
import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';

export const DONE_TEXT = { saved: 'The user was saved.', deleted: 'The user was deleted.' };
/** After an edit that asked for a new e-mail: it changes only when its owner confirms. */
export const pendingText = (email) =>
  `The user was saved. The e-mail changes to ${email} only when its owner confirms it with their password, from the link sent there; the old address was told.`;

export function DonePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pending = params.get('what') === 'saved' && params.get('pending');
  return (
    <Result
      status="success"
      title="Success!"
      subTitle={pending ? pendingText(pending) : DONE_TEXT[params.get('what')] || DONE_TEXT.saved}
      extra={
        <Button type="primary" onClick={() => navigate('/main/settings')}>
          Back to Settings
        </Button>
      }
    />
  );
}
