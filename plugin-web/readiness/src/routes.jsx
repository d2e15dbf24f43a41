import { ReadinessPage } from './pages/ReadinessPage';

export const routes = [{ path: '', element: <ReadinessPage /> }];
