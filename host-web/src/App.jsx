// The shell: antd's ConfigProvider and App are rendered once here, for every module.
import { useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { SessionGate } from './session/SessionGate';
import { ModulesProvider } from './modules/ModulesContext';
import { createRuntimeLoader } from './modules/registry';
import { AppRoutes } from './AppRoutes';

const theme = { token: { colorPrimary: '#1677ff' } };

export function App({ loader }) {
  // One loader (and its caches) for the page's lifetime; tests pass a fake.
  const [moduleLoader] = useState(() => loader || createRuntimeLoader());
  return (
    <ConfigProvider theme={theme}>
      <AntApp>
        <BrowserRouter>
          <SessionGate>
            <ModulesProvider loader={moduleLoader}>
              <AppRoutes />
            </ModulesProvider>
          </SessionGate>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
