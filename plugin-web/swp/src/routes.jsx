import { Suspense, lazy } from 'react';
import { SwpsPage } from './pages/SwpsPage';

const PartSearchPage = lazy(() => import('./pages/PartSearchPage').then((m) => ({ default: m.PartSearchPage })));

// 'search' is the spec's part-number search page: not in the sidebar or the tabs, but
// reachable at /main/swps/search (its own chunk, loaded when opened).
export const routes = [
  { path: '', element: <SwpsPage /> },
  {
    path: 'search',
    element: (
      <Suspense fallback={null}>
        <PartSearchPage />
      </Suspense>
    ),
  },
];
