// The /main routes. Every sidebar module is mounted at its route: an enabled one renders
// its remote; a disabled one its coming-soon or not-available page. The disabled
// dashboard is the exception the spec names: it redirects to /main/swps at once.
import { Navigate, Route, Routes } from 'react-router';
import { Result } from 'antd';
import { useModules } from '../modules/ModulesContext';
import { RemoteModule, moduleSpinner } from '../modules/RemoteModule';
import { moduleState } from '../modules/releases';
import { NotFound } from '../pages/NotFound';
import { ComingSoon } from './ComingSoon';
import { NOT_AVAILABLE } from './sidebarModel';

const DASHBOARD_ROUTE = '/main/dashboard';
const DASHBOARD_FALLBACK = '/main/swps';

function relative(route) {
  return route.replace(/^\/main\/?/, '');
}

function moduleElement(module, release) {
  if (module.enabled) return <RemoteModule module={module} />;
  if (module.sidebar.route === DASHBOARD_ROUTE) return <Navigate to={DASHBOARD_FALLBACK} replace />;
  if (moduleState(module, release) === 'coming-soon') {
    return <ComingSoon label={module.sidebar.label} release={module.release} />;
  }
  return <Result status="warning" title={module.sidebar.label} subTitle={NOT_AVAILABLE} />;
}

export function ConsoleRoutes() {
  const { status, modules, release, error } = useModules();
  if (status === 'loading' || status === 'idle') return moduleSpinner;
  if (status === 'error') {
    return <Result status="error" title="The module list could not be loaded." subTitle={error?.message} />;
  }
  const mounted = modules.filter((m) => m.sidebar?.route?.startsWith('/main/'));
  const hasDashboard = mounted.some((m) => m.sidebar.route === DASHBOARD_ROUTE);
  return (
    <Routes>
      <Route index element={<Navigate to={DASHBOARD_ROUTE} replace />} />
      <Route path="coming-soon" element={<ComingSoon />} />
      {mounted.map((m) => (
        <Route key={m.id} path={`${relative(m.sidebar.route)}/*`} element={moduleElement(m, release)} />
      ))}
      {!hasDashboard && <Route path="dashboard" element={<Navigate to={DASHBOARD_FALLBACK} replace />} />}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
