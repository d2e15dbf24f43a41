// Route guards (spec "Guards"). They read the session the start-up check filled in; where
// a user belongs comes from the module list (modules/homes.js), so a guard that sends
// someone home waits for that list.
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@plantdoc/kit/core';
import { useModules } from '../modules/ModulesContext';
import { homeOf, kioskModule } from '../modules/homes';
import { moduleSpinner } from '../Spinner';
import { ModuleListError, NotFoundLazy } from '../lazyParts';
import { clearNext, peekNext, rememberNext, safeNext } from './next';

/**
 * Sends a signed-in user home: the kiosk (operators) or the console's home page; with
 * `returning` (the login page), to the address a signed-out visit asked for first, when
 * it is safe (session/next.js).
 */
export function GoHome({ returning = false }) {
  const session = useSession();
  const { status, modules, error } = useModules();
  const [next] = useState(() => (returning ? peekNext() : null));
  useEffect(() => {
    if (returning) clearNext();
  }, [returning]);
  if (status === 'error') {
    return <ModuleListError error={error} />;
  }
  if (status !== 'ready') return moduleSpinner;
  const back = next && safeNext(next, { isOperator: session.isOperator, kioskRoute: kioskModule(modules)?.route });
  const home = back || homeOf(session, modules);
  return home ? <Navigate to={home} replace /> : <NotFoundLazy standalone />;
}

/** /login with the query kept (spec), remembering the address asked for. */
export function ToLogin() {
  const location = useLocation();
  rememberNext(location);
  return <Navigate to={`/login${location.search}`} replace />;
}

/** The console: signed-in non-operators. Others go to /login (query kept) or the kiosk. */
export function RequireConsole({ children }) {
  const session = useSession();
  if (!session.isAuthenticated) return <ToLogin />;
  if (session.isOperator) return <GoHome />;
  return children;
}

/** Any signed-in user (the kiosk area). */
export function RequireAuth({ children }) {
  const session = useSession();
  if (!session.isAuthenticated) return <ToLogin />;
  return children;
}

/** The login page: a signed-in user is sent home. */
export function RedirectSignedIn({ children }) {
  const session = useSession();
  if (session.isAuthenticated) return <GoHome returning />;
  return children;
}
