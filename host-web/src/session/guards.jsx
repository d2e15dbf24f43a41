// Route guards (spec "Guards"). They read the session the start-up check filled in.
import { Navigate, useLocation } from 'react-router';
import { useSession } from '@plantdoc/kit';

/** Where a signed-in user belongs. */
export function homeOf(session) {
  return session.isOperator ? '/island' : '/main/dashboard';
}

/** The console: signed-in non-operators. Others go to /login (query kept) or /island. */
export function RequireConsole({ children }) {
  const session = useSession();
  const { search } = useLocation();
  if (!session.isAuthenticated) return <Navigate to={`/login${search}`} replace />;
  if (session.isOperator) return <Navigate to="/island" replace />;
  return children;
}

/** Any signed-in user (the island area). */
export function RequireAuth({ children }) {
  const session = useSession();
  const { search } = useLocation();
  if (!session.isAuthenticated) return <Navigate to={`/login${search}`} replace />;
  return children;
}

/** The login page: a signed-in user is sent home. */
export function RedirectSignedIn({ children }) {
  const session = useSession();
  if (session.isAuthenticated) return <Navigate to={homeOf(session)} replace />;
  return children;
}
