// Settings: Manage Users, Add Users, Account, Notifications. User administration is for
// managers only; others see the restriction notice (spec "Settings page").
import { Alert } from 'antd';
import { TabbedPage, useSession } from '@plantdoc/kit';

export const RESTRICTED = 'This feature is currently restricted by request of the process engineering manager.';

function Restricted() {
  return <Alert type="info" showIcon title={RESTRICTED} style={{ margin: 16 }} />;
}

export function SettingsPage() {
  const { user } = useSession();
  const manager = user?.position === 'manager';
  const admin = manager ? undefined : <Restricted />;
  return (
    <TabbedPage
      tabs={[
        { key: 'manage', label: 'Manage Users', children: admin },
        { key: 'add', label: 'Add Users', children: admin },
        { key: 'account', label: 'Account' },
        { key: 'notifications', label: 'Notifications' },
      ]}
    />
  );
}
