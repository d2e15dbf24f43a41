// /main/settings/modules: plant IT's module switches (plant administrators; others see
// the notice).
import { Alert, Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '@plantdoc/kit';
import { ModulesTab } from '../components/ModulesTab';
import { RESTRICTED } from './SettingsPage';

export function ModulesPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  if (!user?.plantAdmin) return <Alert type="info" showIcon title={RESTRICTED} />;
  return (
    <Card title="Modules" extra={<Button onClick={() => navigate('/main/settings')}>Back to Settings</Button>}>
      <ModulesTab />
    </Card>
  );
}
