// Application-level routes (spec: /, /login/*, the kiosk, /main/*, anything else). The
// kiosk frame is mounted at the kiosk module's route, known once the signed-in user's
// module list is; before sign-in every such path goes to /login.
import { Suspense, lazy } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { useSession } from '@plantdoc/kit/core';
import { RequireAuth, RequireConsole, ToLogin } from './session/guards';
import { isLoginPath } from './session/SessionGate';
import { useModules } from './modules/ModulesContext';
import { kioskModule } from './modules/homes';
import { moduleSpinner } from './Spinner';
import { NotFoundLazy } from './lazyParts';

// Each area is its own chunk (and its antd components with it): /login does not download
// the console, the kiosk frame or the landing page. The area of the address the page
// opens on starts downloading at once, in parallel with the session check.
const loaders = {
  landing: () => import('./pages/Landing').then((m) => ({ default: m.Landing })),
  login: () => import('./login/LoginArea').then((m) => ({ default: m.LoginArea })),
  console: () => import('./console/ConsoleLayout').then((m) => ({ default: m.ConsoleLayout })),
  kiosk: () => import('./kiosk/KioskFrame').then((m) => ({ default: m.KioskFrame })),
};
const started = {};
const load = (area) => (started[area] ||= loaders[area]());
/** Every area loaded (component tests render routes at once, without waiting for a chunk). */
export const loadAllAreas = () => Promise.all(Object.keys(loaders).map(load));
const Landing = lazy(() => load('landing'));
const LoginArea = lazy(() => load('login'));
const ConsoleLayout = lazy(() => load('console'));
const KioskFrame = lazy(() => load('kiosk'));

/**
 * Starts the download of the area the opening address will show, in parallel with the
 * session check: / and the login paths by the path alone; any other path once the early
 * session answer (`user`: a promise of the user or null, see boot.js) says who is there:
 * signed out → the login area, an operator → the kiosk, staff → the console on /main/…,
 * the kiosk elsewhere (its route is not known before the module list).
 */
export function preloadArea(pathname, user) {
  if (pathname === '/') return load('landing');
  if (isLoginPath(pathname)) return load('login');
  Promise.resolve(user)
    .then((u) => {
      if (!u || !u._id || u.status === 'CHANGE_PASSWORD') return load('login');
      if (u.position !== 'operator' && pathname.startsWith('/main')) return load('console');
      return load('kiosk');
    })
    .catch(() => {});
}

/**
 * Any other path: /login when signed out (the start-up rule: a path without login or
 * reset), a spinner while the module list loads, else the not-found page.
 */
function Elsewhere() {
  const session = useSession();
  const { status } = useModules();
  const { pathname } = useLocation();
  if (!session.isAuthenticated && !isLoginPath(pathname)) return <ToLogin />;
  if (session.isAuthenticated && (status === 'idle' || status === 'loading')) return moduleSpinner;
  return <NotFoundLazy standalone />;
}

export function AppRoutes() {
  const kiosk = kioskModule(useModules().modules);
  return (
    <Suspense fallback={moduleSpinner}>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="/login/*" element={<LoginArea />} />
        {kiosk && (
          <Route
            path={`${kiosk.route}/*`}
            element={
              <RequireAuth>
                <KioskFrame module={kiosk} />
              </RequireAuth>
            }
          />
        )}
        <Route
          path="/main/*"
          element={
            <RequireConsole>
              <ConsoleLayout />
            </RequireConsole>
          }
        />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </Suspense>
  );
}
