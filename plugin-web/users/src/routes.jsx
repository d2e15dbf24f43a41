import { SettingsPage } from './pages/SettingsPage';

export const routes = [{ path: '', element: <SettingsPage /> }];
