// The one API client of the front end. It lives in the kit, which the federation shares as
// a singleton, so the host and every remote use this very module instance: the 401 handler
// the host installs applies to every call any module makes.

import { currentLanguage, translate } from './i18n';

const CSRF_COOKIES = ['__Host-plantdoc_csrf', 'plantdoc_csrf'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

let unauthorizedHandler = null;

/** The host installs what a 401 answer triggers (a session re-check, then /login). */
export function onUnauthorized(handler) {
  unauthorizedHandler = handler;
}

/** Hands a 401 to the host's handler: every call (fetch or upload) reports it here. */
export function reportUnauthorized(err) {
  if (!unauthorizedHandler) return;
  try {
    unauthorizedHandler(err);
  } catch {
    // The handler's own failure must not hide the original error.
  }
}

// Whether the server answers (decision 122). A call the server did not answer — no
// connection, a 502-504 from a proxy, or the kiosk's service worker serving a kept copy
// (`x-plantdoc-kept`) — marks it unreachable; any other answer, reachable again. A GET
// it did not answer goes to the read fallback when one is installed (the kiosk answers
// from its offline pack); a refusal (4xx) is the server's answer and never does.
const reach = { down: false, fallback: null, listeners: new Set() };
const UNANSWERED = [502, 503, 504];

function markDown(down) {
  if (reach.down === down) return;
  reach.down = down;
  reach.listeners.forEach((l) => l(down));
}

/** True while the server's last answer was none. */
export const serverUnreachable = () => reach.down;

/** Tells `listener(down)` when the server stops or starts answering; answers the unsubscribe. */
export function onServerReach(listener) {
  reach.listeners.add(listener);
  return () => reach.listeners.delete(listener);
}

/** `fallback(path, error)` answers a GET the server did not answer (or rethrows). */
export function setReadFallback(fallback) {
  reach.fallback = fallback;
}

/** A non-2xx answer. `fields` is the server's field → message map (400/429), else {}. */
export class ApiError extends Error {
  constructor(status, body) {
    super(errorMessage(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fields = fieldErrors(body);
  }
}

function errorMessage(status, body) {
  if (body && typeof body === 'object') {
    if (typeof body.error === 'string') return body.error;
    const first = Object.values(body).find((v) => typeof v === 'string');
    if (first) return first;
  }
  if (typeof body === 'string' && body) return body;
  return translate('kit', 'Request failed ({{status}}).', { status });
}

/** The field → message map of an error body; {} when the body is not one. */
export function fieldErrors(body) {
  if (body instanceof ApiError) return body.fields;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** antd Form `setFields` input for a field map, e.g. form.setFields(formFields(err.fields)). */
export function formFields(map, names) {
  return Object.entries(map || {})
    .filter(([name]) => !names || names.includes(name))
    .map(([name, message]) => ({ name, errors: [message] }));
}

/** The CSRF token, read fresh each time: the server replaces it at login. */
export function readCsrfToken(cookieString = typeof document === 'undefined' ? '' : document.cookie) {
  const jar = {};
  for (const part of cookieString.split(';')) {
    const i = part.indexOf('=');
    if (i > 0) jar[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  for (const name of CSRF_COOKIES) if (jar[name]) return jar[name];
  return '';
}

async function readBody(res) {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  const type = res.headers.get('content-type') || '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * One request. `body` is sent as JSON (FormData and a Blob as they are). Options: `signal`, and
 * `skipUnauthorized` for the session check itself (its 401 is the answer, not an event).
 */
export async function request(method, path, body, options = {}) {
  // The server answers its messages in the language the page shows (decision 81).
  const headers = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  let payload;
  if (body instanceof FormData) {
    payload = body;
  } else if (typeof Blob !== 'undefined' && body instanceof Blob) {
    // A file's text as the raw body (a roster CSV), with its own content type.
    payload = body;
    headers['Content-Type'] = body.type || 'application/octet-stream';
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (!SAFE_METHODS.has(method)) {
    const token = readCsrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }
  const offline = (e) => {
    markDown(true);
    if (method === 'GET' && reach.fallback && !options.noFallback) return reach.fallback(path, e);
    throw e;
  };
  let res;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal: options.signal });
  } catch (e) {
    if (e?.name === 'AbortError') throw e;
    return offline(e);
  }
  const data = await readBody(res);
  if (UNANSWERED.includes(res.status)) return offline(new ApiError(res.status, data));
  markDown(Boolean(res.headers.get('x-plantdoc-kept')));
  if (!res.ok) {
    const err = new ApiError(res.status, data);
    // The wait of a 429 (the badge throttle, the sign-in lockout), in seconds.
    err.retryAfter = Number(res.headers.get('retry-after')) || 0;
    if (res.status === 401 && !options.skipUnauthorized) reportUnauthorized(err);
    throw err;
  }
  return data;
}

export const api = {
  get: (path, options) => request('GET', path, undefined, options),
  post: (path, body, options) => request('POST', path, body === undefined ? {} : body, options),
  put: (path, body, options) => request('PUT', path, body === undefined ? {} : body, options),
  delete: (path, body, options) => request('DELETE', path, body, options),
};
