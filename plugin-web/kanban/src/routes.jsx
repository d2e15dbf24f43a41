import { KanbanPage } from './pages/KanbanPage';

export const routes = [{ path: '', element: <KanbanPage /> }];
