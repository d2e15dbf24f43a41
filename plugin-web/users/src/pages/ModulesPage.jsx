// /main/settings/modules: plant IT's module switches (plant administrators; others see
// the notice).
import { Alert, Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useSession, useT } from '@plantdoc/kit';
import { ModulesTab } from '../components/ModulesTab';
import { RESTRICTED } from './SettingsPage';

export function ModulesPage() {
  const t = useT('users');
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user?.plantAdmin) return <Alert type="info" showIcon title={t(RESTRICTED)} />;
  return (
    <Card title={t('Modules')} extra={<Button onClick={() => navigate('/main/settings')}>{t('Back to Settings')}</Button>}>
      <ModulesTab />
    </Card>
  );
}
