import { KanbanPage } from './pages/KanbanPage';

import { AaTheme } from '@plantdoc/kit';

const aa = (el) => <AaTheme>{el}</AaTheme>;

export const routes = [{ path: '', element: aa(<KanbanPage />) }];
