// Session state of the browser tab: { isAuthenticated, isOperator, user }, kept in
// sessionStorage so a reload does not sign the tab out. Shared by the host and the
// remotes through the kit singleton.
import { useSyncExternalStore } from 'react';
import { api } from './api';

export const SESSION_KEY = 'plantdoc.session';
const SIGNED_OUT = Object.freeze({ isAuthenticated: false, isOperator: false, user: null });

function load() {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    const s = raw && JSON.parse(raw);
    if (s && typeof s.isAuthenticated === 'boolean') return s;
  } catch {
    // Unreadable storage: start signed out.
  }
  return SIGNED_OUT;
}

let state = load();
const listeners = new Set();

function publish(next) {
  state = next;
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
  } catch {
    // Private mode or quota: the in-memory state still works.
  }
  listeners.forEach((l) => l());
}

export function getSession() {
  return state;
}

export function subscribeSession(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Set from Logout until the next sign-in: the 401s of calls in flight at Logout are the
// sign-out itself, not an expired session to send back to /login from the page it was on.
let leaving = false;

/** True from Logout until someone signs in again. */
export const isLeaving = () => leaving;

/** A user whose password must be changed is not signed in for the app's purposes. */
export function setSessionUser(user) {
  if (!user || typeof user !== 'object' || !user._id || user.status === 'CHANGE_PASSWORD') {
    publish(SIGNED_OUT);
  } else {
    leaving = false;
    publish({ isAuthenticated: true, isOperator: user.position === 'operator', user });
  }
  return state;
}

export function clearSession() {
  publish(SIGNED_OUT);
}

/**
 * GET /api/users/current: a user object signs the tab in, any failure signs it out. The
 * first check takes the answer of the call the host's boot.js started before the bundle
 * booted (`window.__plantdocCurrentUser`: a promise of the user or null), if there is one.
 */
export async function checkSession() {
  const early = typeof window === 'undefined' ? undefined : window.__plantdocCurrentUser;
  if (early) {
    window.__plantdocCurrentUser = undefined;
    return setSessionUser(await early);
  }
  try {
    const user = await api.get('/api/users/current', { skipUnauthorized: true });
    return setSessionUser(user);
  } catch {
    return setSessionUser(null);
  }
}

export async function logout() {
  leaving = true;
  let answer;
  try {
    answer = await api.get('/api/users/logout', { skipUnauthorized: true });
  } finally {
    clearSession();
  }
  // Signed in through single sign-on: the provider's own sign-out follows.
  if (answer?.redirect && typeof window !== 'undefined') window.location.assign(answer.redirect);
  return answer;
}

export function useSession() {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
