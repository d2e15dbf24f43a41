import { ItemsPage } from './pages/ItemsPage';

export const routes = [{ path: '', element: <ItemsPage /> }];
