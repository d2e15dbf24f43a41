// The login page's redirect once signed in: back to the address a signed-out visit asked
// for (session/next.js remembered it), when it is safe, else home (decision 60). Here, in the
// login area's chunk: the kiosk and the console do not download it.
import { useEffect, useState } from 'react';
import { useSession } from '@plantdoc/kit/core';
import { kioskModule } from '../modules/homes';
import { GoHome } from '../session/guards';
import { NEXT_KEY } from '../session/next';

const LOGIN = /login|reset/;

/** The remembered address, still kept (cleared by `clearNext`). */
export function peekNext() {
  try {
    return sessionStorage.getItem(NEXT_KEY);
  } catch {
    return null;
  }
}

export function clearNext() {
  try {
    sessionStorage.removeItem(NEXT_KEY);
  } catch {
    // Nothing kept.
  }
}

const within = (path, root) => Boolean(root) && (path === root || path.startsWith(`${root}/`) || path.startsWith(`${root}?`));

/**
 * `path` when it is a same-origin relative path (one leading slash, no scheme, no host, no
 * backslash or control character) inside the user's area: the kiosk's route for an
 * operator; the console (/main) or the kiosk for staff. Otherwise null.
 */
export function safeNext(path, { isOperator = false, kioskRoute = null } = {}) {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return null; // eslint-disable-line no-control-regex
  let url;
  try {
    url = new URL(path, 'https://plantdoc.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://plantdoc.invalid' || LOGIN.test(url.pathname)) return null;
  const allowed = isOperator ? within(url.pathname, kioskRoute) : within(url.pathname, '/main') || within(url.pathname, kioskRoute);
  return allowed ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** The login pages' guard: a signed-in user goes back where they were going, or home. */
export function ReturnSignedIn({ children }) {
  const session = useSession();
  const [next] = useState(peekNext);
  useEffect(() => clearNext(), []);
  if (!session.isAuthenticated) return children;
  const pick = (s, modules) => next && safeNext(next, { isOperator: s.isOperator, kioskRoute: kioskModule(modules)?.route });
  return <GoHome pick={pick} />;
}
