import { SettingsPage } from './pages/SettingsPage';
import { EditUserPage } from './pages/EditUserPage';
import { DonePage } from './pages/DonePage';
import { ModulesPage } from './pages/ModulesPage';
import { TokensPage } from './pages/TokensPage';
import { Suspense, lazy } from 'react';

import { AaTheme } from '@plantdoc/kit';

const aa = (el) => <AaTheme>{el}</AaTheme>;
// The roster import is its own chunk: Settings does not download its table and reader.
const ImportPage = lazy(() => import('./pages/ImportPage').then((m) => ({ default: m.ImportPage })));

export const routes = [
  { path: '', element: aa(<SettingsPage />) },
  { path: 'users/:id', element: aa(<EditUserPage />) },
  { path: 'done', element: aa(<DonePage />) },
  { path: 'modules', element: aa(<ModulesPage />) },
  { path: 'tokens', element: aa(<TokensPage />) },
  {
    path: 'import',
    element: aa(
      <Suspense fallback={null}>
        <ImportPage />
      </Suspense>,
    ),
  },
];
