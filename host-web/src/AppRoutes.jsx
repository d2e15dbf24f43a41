// Application-level routes (spec: /, /login/*, the kiosk, /main/*, anything else). The
// kiosk frame is mounted at the kiosk module's route, known once the signed-in user's
// module list is; before sign-in every such path goes to /login.
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useSession } from '@plantdoc/kit';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import { LoginArea } from './login/LoginArea';
import { ConsoleLayout } from './console/ConsoleLayout';
import { KioskFrame } from './kiosk/KioskFrame';
import { RequireAuth, RequireConsole } from './session/guards';
import { isLoginPath } from './session/SessionGate';
import { useModules } from './modules/ModulesContext';
import { kioskModule } from './modules/homes';
import { moduleSpinner } from './modules/RemoteModule';

/**
 * Any other path: /login when signed out (the start-up rule: a path without login or
 * reset), a spinner while the module list loads, else the not-found page.
 */
function Elsewhere() {
  const session = useSession();
  const { status } = useModules();
  const { pathname, search } = useLocation();
  if (!session.isAuthenticated && !isLoginPath(pathname)) return <Navigate to={`/login${search}`} replace />;
  if (session.isAuthenticated && (status === 'idle' || status === 'loading')) return moduleSpinner;
  return <NotFound standalone />;
}

export function AppRoutes() {
  const kiosk = kioskModule(useModules().modules);
  return (
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
  );
}
