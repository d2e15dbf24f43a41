// The success page after saving or deleting a user, with the way back to Settings.
import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { k, translate, useT } from '@plantdoc/kit';

export const DONE_TEXT = { saved: k('The user was saved.'), deleted: k('The user was deleted.') };
/** After an edit that asked for a new e-mail: it changes only when its owner confirms. */
export const pendingText = (email) =>
  translate(
    'users',
    'The user was saved. The e-mail changes to {{email}} only when its owner confirms it with their password, from the link sent there; the old address was told.',
    { email },
  );

export function DonePage() {
  const t = useT('users');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pending = params.get('what') === 'saved' && params.get('pending');
  return (
    <Result
      status="success"
      title={t('Success!')}
      subTitle={pending ? pendingText(pending) : t(DONE_TEXT[params.get('what')] || DONE_TEXT.saved)}
      extra={
        <Button type="primary" onClick={() => navigate('/main/settings')}>
          {t('Back to Settings')}
        </Button>
      }
    />
  );
}
