// /main/settings/tokens: API tokens for the plant's other systems (plant administrators;
// others see the notice, and the server refuses them too).
import { Alert, Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useSession, useT } from '@plantdoc/kit';
import { TokensTab } from '../components/TokensTab';
import { RESTRICTED } from './SettingsPage';

export function TokensPage() {
  const t = useT('users');
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user?.plantAdmin) return <Alert type="info" showIcon title={t(RESTRICTED)} />;
  return (
    <Card title={t('API Tokens')} extra={<Button onClick={() => navigate('/main/settings')}>{t('Back to Settings')}</Button>}>
      <TokensTab />
    </Card>
  );
}
