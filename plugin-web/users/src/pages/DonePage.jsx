// The success page after saving or deleting a user, with the way back to Settings.
import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';

export const DONE_TEXT = { saved: 'The user was saved.', deleted: 'The user was deleted.' };

export function DonePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title="Success!"
      subTitle={DONE_TEXT[params.get('what')] || DONE_TEXT.saved}
      extra={
        <Button type="primary" onClick={() => navigate('/main/settings')}>
          Back to Settings
        </Button>
      }
    />
  );
}
