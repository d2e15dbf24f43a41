import { SettingsPage } from './pages/SettingsPage';
import { EditUserPage } from './pages/EditUserPage';
import { DonePage } from './pages/DonePage';
import { ModulesPage } from './pages/ModulesPage';
import { TokensPage } from './pages/TokensPage';

import { AaTheme } from '@plantdoc/kit';

const aa = (el) => <AaTheme>{el}</AaTheme>;

export const routes = [
  { path: '', element: aa(<SettingsPage />) },
  { path: 'users/:id', element: aa(<EditUserPage />) },
  { path: 'done', element: aa(<DonePage />) },
  { path: 'modules', element: aa(<ModulesPage />) },
  { path: 'tokens', element: aa(<TokensPage />) },
];
