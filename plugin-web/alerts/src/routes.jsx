import { AlertsPage } from './pages/AlertsPage';

export const routes = [{ path: '', element: <AlertsPage /> }];
