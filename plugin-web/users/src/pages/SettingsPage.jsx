// Settings: Manage Users, Add Users, Account, Notifications (spec "Settings page"). The
// tab is in the URL (?tab=). User administration is for managers only; others see the
// restriction notice (and the server refuses them too).
import { Alert } from 'antd';
import { useSearchParams } from 'react-router';
import { Placeholder, TabbedPage, useSession } from '@plantdoc/kit';
import { UsersTable } from '../components/UsersTable';
import { AddUser } from '../components/AddUser';
import { ModulesTab } from '../components/ModulesTab';

export const RESTRICTED = 'This feature is currently restricted by request of the process engineering manager.';
export const SETTINGS_TABS = { manage: 'Manage Users', add: 'Add Users', account: 'Account', notifications: 'Notifications' };
// Plant IT's module switches: a tab for managers only (issue 12, item 4).
const MODULES_TAB = { modules: 'Modules' };

function Restricted() {
  return <Alert type="info" showIcon title={RESTRICTED} style={{ margin: 16 }} />;
}

export function SettingsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const manager = user?.position === 'manager';
  const tabs = manager ? { ...SETTINGS_TABS, ...MODULES_TAB } : SETTINGS_TABS;
  const tab = tabs[params.get('tab')] ? params.get('tab') : 'manage';
  const show = (key) => setParams(key === 'manage' ? {} : { tab: key });
  const content = {
    manage: manager ? <UsersTable /> : <Restricted />,
    add: manager ? <AddUser onDone={() => show('manage')} /> : <Restricted />,
    account: <Placeholder text="Account settings are not available yet." />,
    notifications: <Placeholder text="Notification settings are not available yet." />,
    modules: manager ? <ModulesTab /> : null,
  };
  return (
    <TabbedPage
      activeKey={tab}
      onChange={show}
      tabs={Object.entries(tabs).map(([key, label]) => ({ key, label, children: content[key] }))}
    />
  );
}
