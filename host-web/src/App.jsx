// The shell: the one TanStack Query client, the router, the session gate and the routes,
// without antd: the antd theme (theme.jsx) wraps each area that shows antd, so /login
// paints from React alone. No antd <App> wrapper: the host uses none of its hooks, and a
// remote that does wraps its own pages (training: <App component={false}>).
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, getSession, subscribeSession } from '@plantdoc/kit/core';
import { SessionGate } from './session/SessionGate';
import { ModulesProvider } from './modules/ModulesContext';
import { createRuntimeLoader } from './modules/registry';
import { AppRoutes } from './AppRoutes';
import { useSessionLanguage } from './language';

const userOf = (s) => (s.isAuthenticated ? (s.user?._id ?? null) : null);

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
  useSessionLanguage();
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <SessionGate>
          <ModulesProvider loader={moduleLoader}>
            <AppRoutes />
          </ModulesProvider>
        </SessionGate>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
