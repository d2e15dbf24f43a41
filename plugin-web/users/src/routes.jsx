import { SettingsPage } from './pages/SettingsPage';
import { EditUserPage } from './pages/EditUserPage';
import { DonePage } from './pages/DonePage';

export const routes = [
  { path: '', element: <SettingsPage /> },
  { path: 'users/:id', element: <EditUserPage /> },
  { path: 'done', element: <DonePage /> },
];
