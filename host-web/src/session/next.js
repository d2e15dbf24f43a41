// A deep link opened while signed out returns there after sign-in (issue 26). The guards
// that send a signed-out visitor to /login remember the address they were asked for, in
// this tab's sessionStorage (never in the URL: nothing a link can set, so no open
// redirect); the login page's redirect goes there once, if the address is a same-origin
// path of the signed-in user's area, else home.
const KEY = 'plantdoc.next';
const LOGIN = /login|reset/;

/** Remembers where a signed-out visitor was going (not /, not the login pages). */
export function rememberNext(location) {
  const { pathname = '', search = '', hash = '' } = location || {};
  if (pathname === '/' || LOGIN.test(pathname)) return;
  try {
    sessionStorage.setItem(KEY, `${pathname}${search}${hash}`);
  } catch {
    // Storage unavailable: the user lands on their home page.
  }
}

/** The remembered address, still kept (cleared by `clearNext`). */
export function peekNext() {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearNext() {
  try {
    sessionStorage.removeItem(KEY);
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
