// Start-up session check and the global 401 rule: any 401 answer re-checks the session
// and, if it is gone, goes to /login with the query string kept.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkSession, isLeaving, onUnauthorized } from '@plantdoc/kit/core';
import { Spinner } from '../Spinner';
import { rememberNext } from './next';

/** The start-up rule's exception: paths with login or reset in them. */
export const isLoginPath = (path) => /login|reset/.test(path);

export function SessionGate({ children }) {
  const [ready, setReady] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    checkSession().finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let pending = null;
    onUnauthorized(() => {
      // Several calls failing at once make one re-check; none after Logout (it goes to
      // /login itself).
      if (pending || isLeaving()) return;
      pending = checkSession()
        .then((s) => {
          const { pathname, search } = window.location;
          if (!s.isAuthenticated && !isLoginPath(pathname) && !isLeaving()) {
            rememberNext(window.location);
            navigate(`/login${search}`, { replace: true });
          }
        })
        .finally(() => {
          pending = null;
        });
    });
    return () => onUnauthorized(null);
  }, [navigate]);

  if (!ready) {
    return (
      <div style={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <Spinner />
      </div>
    );
  }
  return children;
}
