// Route guards (spec "Guards"). They read the session the start-up check filled in; where
// a user belongs comes from the module list (modules/homes.js), so a guard that sends
// someone home waits for that list.
import { useLocation } from 'react-router';
import { Redirect, isLeaving, useSession } from '@plantdoc/kit/core';
import { useModules } from '../modules/ModulesContext';
import { homeOf } from '../modules/homes';
import { moduleSpinner } from '../Spinner';
import { ModuleListError, NotFoundLazy } from '../lazyParts';
import { rememberNext } from './next';

/**
 * Sends a signed-in user home: the kiosk (operators) or the console's home page; `pick`
 * (session, modules) may name another place first (login/returnTo.jsx).
 */
export function GoHome({ pick }) {
  const session = useSession();
  const { status, modules, error } = useModules();
  if (status === 'error') {
    return <ModuleListError error={error} />;
  }
  if (status !== 'ready') return moduleSpinner;
  const home = pick?.(session, modules) || homeOf(session, modules);
  return home ? <Redirect to={home} /> : <NotFoundLazy standalone />;
}

/**
 * /login with the query kept (spec), remembering the address asked for. After Logout the
 * person chose to leave: plain /login, nothing remembered (the page's query is not the
 * next person's, and this guard must not race Logout's own navigation to /login).
 */
export function ToLogin() {
  const location = useLocation();
  if (isLeaving()) return <Redirect to="/login" />;
  rememberNext(location);
  return <Redirect to={`/login${location.search}`} />;
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
  if (session.isAuthenticated) return <GoHome />;
  return children;
}
