import { SwpsPage } from './pages/SwpsPage';

export const routes = [{ path: '', element: <SwpsPage /> }];
