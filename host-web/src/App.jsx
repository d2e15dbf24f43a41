// The shell: antd's ConfigProvider and the one TanStack Query client are rendered once
// here, for every module. No antd <App> wrapper: the host uses none of its hooks, and a
// remote that does wraps its own pages (training: <App component={false}>).
import { useEffect, useState } from 'react';
import { ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, getSession, subscribeSession } from '@plantdoc/kit/core';
import { SessionGate } from './session/SessionGate';
import { ModulesProvider } from './modules/ModulesContext';
import { createRuntimeLoader } from './modules/registry';
import { AppRoutes } from './AppRoutes';

// Every text colour keeps 4.5:1 on white (WCAG AA; axe's color-contrast rule):
// - primary and links: antd's blue-7 #0958d9 (6.2:1; the default #1677ff is 4.1:1), and
//   darker on hover and press (the mouse rests on a button after a click);
// - errors and danger buttons: red-7 #cf1322 (5.9:1; the default #ff4d4f is 3.3:1);
// - secondary texts (descriptions, empty lists, the drawer's group titles): 0.65 black
//   (antd's 0.45, and 0.25 for an empty table, fall short); placeholders 0.56 (4.9:1).
const SECONDARY = 'rgba(0, 0, 0, 0.65)';
const theme = {
  token: {
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorTextDescription: SECONDARY,
    colorTextTertiary: SECONDARY,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  components: { Menu: { groupTitleColor: SECONDARY }, Table: { colorTextDisabled: SECONDARY } },
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
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <SessionGate>
            <ModulesProvider loader={moduleLoader}>
              <AppRoutes />
            </ModulesProvider>
          </SessionGate>
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
