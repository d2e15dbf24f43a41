import { DashboardPage } from './pages/DashboardPage';

export const routes = [{ path: '', element: <DashboardPage /> }];
