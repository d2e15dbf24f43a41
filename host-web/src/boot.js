// The page's first and only script tag (public/index.html), built without Module
// Federation (webpack.config.js, `bootConfig`): a few KB that start the session check and,
// on /login, paint the sign-in form (login/skeleton.js). It then starts the application
// (`main.js`: the federation runtime, React, the shell):
// - at once on every other address;
// - on /login, when it is needed (docs/decisions.md 39): the session check finds the user
//   signed in (the shell sends them home), or the user starts using the form (a key, a
//   pointer press or typing in it, or submitting it: the React form takes over what was
//   typed and sends a submitted form, LoginPage). Until then the painted form is the page;
//   once the page is idle, main.js is fetched (not run) so that starting is quick.
import { paintSkeleton, paintsSkeleton } from './login/skeleton';

/** Said on the painted form when the application cannot be downloaded. */
export const NOT_LOADED = 'Plantdoc could not be loaded. Check the network connection and reload the page.';

/** The shell's entry: one script, added once. If it cannot be fetched, the painted form says so. */
function startApp(doc) {
  if (doc.getElementById('pd-app')) return;
  const script = doc.createElement('script');
  script.id = 'pd-app';
  script.src = '/main.js';
  script.addEventListener('error', () => notLoaded(doc));
  doc.head.appendChild(script);
}

/** The refusal on the painted form (as the React form's alert shows it), its button usable again. */
function notLoaded(doc) {
  const form = doc.querySelector('#pd-boot form');
  if (!form || form.querySelector('.pd-alert')) return;
  const alert = doc.createElement('div');
  alert.className = 'pd-alert';
  alert.setAttribute('role', 'alert');
  const text = doc.createElement('div');
  text.className = 'pd-alert-text';
  text.textContent = NOT_LOADED;
  alert.appendChild(text);
  form.insertBefore(alert, form.firstChild);
  form.querySelector('button')?.classList.remove('pd-btn-loading');
}

/** On /login: main.js fetched, not run, once the page is idle. */
function prefetchApp(win, doc) {
  const fetchIt = () => {
    if (doc.getElementById('pd-app')) return;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = '/main.js';
    doc.head.appendChild(link);
  };
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(fetchIt, { timeout: 3000 }) : win.setTimeout(fetchIt, 200));
  if (doc.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/**
 * The session check's answer: the user, or null. A refusal's body is cancelled, not left
 * unread: Chromium keeps a request open until its body is read or cancelled, so a wait
 * for the network to go idle (Playwright's networkidle, a monitoring probe) would never
 * end on a signed-out page.
 */
export function readUser(res, win) {
  if (res.ok) return res.json();
  // A 401 says how one signs in when single sign-on is set up (`signIn`): kept for the
  // sign-in page (LoginPage) in `window.__plantdocSignIn`.
  return Promise.resolve()
    .then(() => (res.status === 401 && win ? res.json() : res.body?.cancel()))
    .then((body) => {
      if (body?.signIn) win.__plantdocSignIn = body.signIn;
      // A plant whose language is not English (decision 78): the painted form is English, so
      // the translated one takes over at once.
      if (typeof body?.lang === 'string') win.__plantdocLang = body.lang;
    })
    .catch(() => {})
    .then(() => null);
}

/** Runs the boot: session check, painted form, the application started when it is needed. */
export function boot(win = window, doc = document) {
  // The session check starts now: the kit's first checkSession() takes this answer
  // instead of asking again (plugin-web/kit/src/session.js).
  win.__plantdocCurrentUser = win
    .fetch('/api/users/current', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then((res) => readUser(res, win))
    .catch(() => null);
  if (!paintsSkeleton(doc.location.pathname)) {
    startApp(doc);
    return;
  }
  paintSkeleton(doc);
  const start = () => startApp(doc);
  // Signed in, single sign-on set up (its button is the React page's) or a plant in
  // another language: start now.
  win.__plantdocCurrentUser.then((user) => (user || win.__plantdocSignIn || win.__plantdocLang) && start());
  const form = doc.querySelector('#pd-boot form');
  for (const type of ['keydown', 'pointerdown', 'input', 'submit']) form.addEventListener(type, start, { once: true, capture: true });
  prefetchApp(win, doc);
}
