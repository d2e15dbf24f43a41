// The /main routes. Every console module is mounted at its route: an enabled one renders
// its remote; a disabled one its coming-soon or not-available page, except a disabled
// home page (an old bookmark): it redirects to the console's home at once. /main itself
// goes to the home.
import { Route, Routes } from 'react-router';
import { Redirect, useLanguage, useT } from '@plantdoc/kit/core';
import { useModules } from '../modules/ModulesContext';
import { RemoteModule } from '../modules/RemoteModule';
import { moduleSpinner } from '../Spinner';
import { moduleState } from '../modules/releases';
import { consoleHome, consoleModules } from '../modules/homes';
import { sidebarLabel } from '../modules/names';
import { NotFound } from '../pages/NotFound';
import { ComingSoon } from './ComingSoon';
import { NOT_AVAILABLE } from './sidebarModel';
import { LazyResult } from '../lazyParts';

function relative(route) {
  return route.replace(/^\/main\/?/, '');
}

function moduleElement(module, release, home, lng, t) {
  if (module.enabled) return <RemoteModule module={module} />;
  if (module.home != null && home) return <Redirect to={home} />;
  const label = sidebarLabel(module, lng);
  if (moduleState(module, release) === 'coming-soon') return <ComingSoon label={label} release={module.release} />;
  return <LazyResult status="warning" title={label} subTitle={t(NOT_AVAILABLE)} />;
}

export function ConsoleRoutes() {
  const { status, modules, release, error } = useModules();
  const t = useT('host');
  const lng = useLanguage();
  if (status === 'loading' || status === 'idle') return moduleSpinner;
  if (status === 'error') {
    return <LazyResult status="error" title={t('The module list could not be loaded.')} subTitle={error?.message} />;
  }
  const home = consoleHome(modules);
  return (
    <Routes>
      <Route index element={home ? <Redirect to={home} /> : <NotFound />} />
      <Route path="coming-soon" element={<ComingSoon />} />
      {consoleModules(modules).map((m) => (
        <Route key={m.id} path={`${relative(m.route)}/*`} element={moduleElement(m, release, home, lng, t)} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
