// The console frame: drawer, top bar, and the /main routes inside.
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { useModules } from '../modules/ModulesContext';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { ConsoleRoutes } from './ConsoleRoutes';
import { Themed } from '../theme';
import { COMING_SOON_ROUTE, entryForPath, sidebarEntries } from './sidebarModel';

function titleFor(entries, pathname) {
  if (pathname.startsWith(COMING_SOON_ROUTE)) return 'Coming Soon';
  return entryForPath(entries, pathname)?.label || '';
}

export function ConsoleLayout() {
  const { modules, release } = useModules();
  const { pathname } = useLocation();
  const entries = sidebarEntries(modules, release);
  return (
    <Themed>
      <Layout style={{ minHeight: '100vh' }}>
        <Sidebar entries={entries} />
        <Layout>
          <TopBar title={titleFor(entries, pathname)} />
          <Layout.Content style={{ padding: 24 }}>
            <ConsoleRoutes />
          </Layout.Content>
        </Layout>
      </Layout>
    </Themed>
  );
}
