// Leaving an operator's screens: Sign Out (spec: clears the operator, back to /island), and
// the way out of the acknowledgement screens, Back to Status and Sign Out
// (plugins/island/README.md item 16).
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '@plantdoc/kit';
import { partPath, setOperator } from '../state';

/** Clears the operator and goes to the start screen. */
export function useSignOut() {
  const navigate = useNavigate();
  return () => {
    navigate('/island');
    setOperator(null);
  };
}

export function SignOutButton() {
  const t = useT('island');
  const signOut = useSignOut();
  return (
    <Button danger block style={{ color: '#a8071a', borderColor: '#a8071a' }} onClick={signOut}>
      {t('Sign Out')}
    </Button>
  );
}

/** Back to Status and Sign Out, at the foot of the acknowledgement screens' sidebar. */
export function LeaveButtons({ partId }) {
  const t = useT('island');
  const navigate = useNavigate();
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
      <Button block onClick={() => navigate(partPath('operator-status', partId))}>
        {t('Back to Status')}
      </Button>
      <SignOutButton />
    </Space>
  );
}
