import { ChangesPage } from './pages/ChangesPage';

export const routes = [{ path: '', element: <ChangesPage /> }];
