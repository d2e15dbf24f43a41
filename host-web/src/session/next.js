// A deep link opened while signed out returns there after sign-in (decision 60). The guards
// that send a signed-out visitor to /login remember the address they were asked for, in
// this tab's sessionStorage (never in the URL: nothing a link can set, so no open
// redirect); the login page's redirect (login/returnTo.jsx, in the login area's chunk)
// goes there once, if the address is a same-origin path of the user's area, else home.
export const NEXT_KEY = 'plantdoc.next';
const LOGIN = /login|reset/;

/** Remembers where a signed-out visitor was going (not /, not the login pages). */
export function rememberNext(location) {
  const { pathname = '', search = '', hash = '' } = location || {};
  if (pathname === '/' || LOGIN.test(pathname)) return;
  try {
    sessionStorage.setItem(NEXT_KEY, `${pathname}${search}${hash}`);
  } catch {
    // Storage unavailable: the user lands on their home page.
  }
}
