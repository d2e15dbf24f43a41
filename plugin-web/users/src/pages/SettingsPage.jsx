// Settings: Manage Users, Add Users, Account, Notifications (spec "Settings page"). The
// tab is in the URL (?tab=). User administration is for managers only; others see the
// restriction notice (and the server refuses them too). The Modules link is for plant
// administrators (plant-wide switches; decision 46), and API Tokens beside it (decision 111).
import { Alert } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { AA_TOKENS, k, TabbedPage, useSession, useT } from '@plantdoc/kit';
import { UsersTable } from '../components/UsersTable';
import { ZonePins } from '../components/ZonePins';
import { AddUser } from '../components/AddUser';
import { AccountLanguage } from '../components/AccountLanguage';
import { AccountPin } from '../components/AccountPin';
import { NotificationSettings } from '../components/NotificationSettings';

export const RESTRICTED = k('This feature is currently restricted by request of the process engineering manager.');
export const SETTINGS_TABS = { manage: k('Manage Users'), add: k('Add Users'), account: k('Account'), notifications: k('Notifications') };

function Restricted() {
  const t = useT('users');
  return <Alert type="info" showIcon title={t(RESTRICTED)} style={{ margin: 16 }} />;
}

export function SettingsPage() {
  const t = useT('users');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const manager = user?.position === 'manager';
  const tab = SETTINGS_TABS[params.get('tab')] ? params.get('tab') : 'manage';
  const show = (key) => setParams(key === 'manage' ? {} : { tab: key });
  const content = {
    manage: manager ? (
      <>
        <div style={{ textAlign: 'right' }}>
          <Link to="import" style={{ color: AA_TOKENS.colorLink }}>
            {t('Import Users')}
          </Link>
        </div>
        <ZonePins />
        <UsersTable />
      </>
    ) : (
      <Restricted />
    ),
    add: manager ? <AddUser onDone={() => show('manage')} /> : <Restricted />,
    account: (
      <>
        <AccountLanguage />
        <AccountPin />
      </>
    ),
    notifications: <NotificationSettings />,
  };
  return (
    <>
      {user?.plantAdmin && (
        // Plant IT's module switches (plugins/users/README.md items 14–17): beside the
        // spec's four tabs, for plant administrators (outside the tab list, whose ARIA role
        // allows only tabs).
        <div style={{ textAlign: 'right', marginBottom: 8 }}>
          <Link to="modules" style={{ color: AA_TOKENS.colorLink }}>
            {t('Modules')}
          </Link>
          {' · '}
          <Link to="tokens" style={{ color: AA_TOKENS.colorLink }}>
            {t('API Tokens')}
          </Link>
        </div>
      )}
      <TabbedPage
        activeKey={tab}
        onChange={show}
        tabs={Object.entries(SETTINGS_TABS).map(([key, label]) => ({ key, label: t(label), children: content[key] }))}
      />
    </>
  );
}
