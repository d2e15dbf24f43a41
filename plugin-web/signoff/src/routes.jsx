import { SignOffPage } from './pages/SignOffPage';

export const routes = [{ path: '', element: <SignOffPage /> }];
