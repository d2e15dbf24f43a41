// The shell: antd's ConfigProvider and App, and the one TanStack Query client, are
// rendered once here, for every module.
import { useEffect, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, getSession, subscribeSession } from '@plantdoc/kit';
import { SessionGate } from './session/SessionGate';
import { ModulesProvider } from './modules/ModulesContext';
import { createRuntimeLoader } from './modules/registry';
import { AppRoutes } from './AppRoutes';

// antd's blue-7: 6.2:1 on white (the default #1677ff is 4.1:1, under WCAG AA's 4.5:1).
// The drawer's group titles: 0.65 black (the default 0.45 is under 4.5:1 on white).
const theme = {
  token: { colorPrimary: '#0958d9' },
  components: { Menu: { groupTitleColor: 'rgba(0, 0, 0, 0.65)' } },
};

const userOf = (s) => (s.isAuthenticated ? s.user?._id ?? null : null);

/** Server state is per user: the cache is emptied when the signed-in user changes. */
export function useCachePerUser(client) {
  useEffect(() => {
    let user = userOf(getSession());
    return subscribeSession(() => {
      const next = userOf(getSession());
      if (next !== user) {
        user = next;
        client.clear();
      }
    });
  }, [client]);
}

export function App({ loader, queryClient }) {
  // One loader (and its caches) and one query client for the page's lifetime; tests pass fakes.
  const [moduleLoader] = useState(() => loader || createRuntimeLoader());
  const [client] = useState(() => queryClient || createQueryClient());
  useCachePerUser(client);
  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <QueryClientProvider client={client}>
          <BrowserRouter>
            <SessionGate>
              <ModulesProvider loader={moduleLoader}>
                <AppRoutes />
              </ModulesProvider>
            </SessionGate>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
