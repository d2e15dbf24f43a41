import { SwpsPage } from './pages/SwpsPage';
import { PartSearchPage } from './pages/PartSearchPage';

// 'search' is the spec's part-number search page: not in the sidebar or the tabs, but
// reachable at /main/swps/search.
export const routes = [
  { path: '', element: <SwpsPage /> },
  { path: 'search', element: <PartSearchPage /> },
];
