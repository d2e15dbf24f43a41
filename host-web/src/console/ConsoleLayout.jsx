// The console frame: drawer, top bar, and the /main routes inside.
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { useLanguage, useT } from '@plantdoc/kit/core';
import { useModules } from '../modules/ModulesContext';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { ConsoleRoutes } from './ConsoleRoutes';
import { Themed } from '../theme';
import { COMING_SOON_ROUTE, entryForPath, sidebarEntries } from './sidebarModel';

function titleFor(entries, pathname, t) {
  if (pathname.startsWith(COMING_SOON_ROUTE)) return t('Coming Soon');
  return entryForPath(entries, pathname)?.label || '';
}

export function ConsoleLayout() {
  const { modules, release } = useModules();
  const { pathname } = useLocation();
  const t = useT('host');
  const entries = sidebarEntries(modules, release, useLanguage());
  return (
    <Themed>
      <Layout style={{ minHeight: '100vh' }}>
        <Sidebar entries={entries} />
        <Layout>
          <TopBar title={titleFor(entries, pathname, t)} />
          <Layout.Content style={{ padding: 24 }}>
            <ConsoleRoutes />
          </Layout.Content>
        </Layout>
      </Layout>
    </Themed>
  );
}
