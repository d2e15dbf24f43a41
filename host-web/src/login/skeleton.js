// The sign-in form painted by the page's first script (boot.js), before the federation
// runtime, React and the rest of the bundle have loaded: /login shows its form at once (first
// paint, largest paint) on a slow phone. It is a copy of what LoginFrame + LoginPage
// render (same classes, public/index.html's styles, so the same place and size: no
// layout shift), laid over the page (`.pd-boot`); the React form takes over what was
// typed, the focus and a press of Login, made or still held (it sends it), then removes it (LoginFrame). host-web/test/skeleton.test.jsx
// holds the two to the same markup. Plain DOM: nothing shared may load before bootstrap.
import { storeZoneFromQuery } from '@plantdoc/kit/src/kiosk';
import { ICON_PATHS, viewBoxOf } from './iconPaths';

const BOOT_ID = 'pd-boot';
/** The paths that show the sign-in form itself. */
export const paintsSkeleton = (pathname) => pathname === '/login' || pathname === '/login/';

const icon = (name) =>
  `<span aria-hidden="true" class="pd-icon"><svg viewBox="${viewBoxOf(name)}" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">${ICON_PATHS[
    name
  ]
    .map((d) => `<path d="${d}"></path>`)
    .join('')}</svg></span>`;

/** The form's markup, ids prefixed `boot` (the React form's are `login`). */
export const SKELETON_HTML =
  '<main class="pd-login"><div class="pd-card"><h1 class="pd-title">Plantdoc</h1>' +
  '<form id="boot" class="pd-form" novalidate="">' +
  '<div class="pd-item"><label class="pd-label" for="boot_email">Email</label>' +
  '<input class="pd-input" type="text" autocomplete="username" id="boot_email" value=""></div>' +
  '<div class="pd-item"><label class="pd-label" for="boot_password">Password</label>' +
  '<span class="pd-input pd-affix"><input autocomplete="current-password" id="boot_password" value="" type="password">' +
  `<span class="pd-suffix"><span role="button" tabindex="0" class="pd-toggle" aria-pressed="false" aria-label="Show">${icon('eye-invisible')}</span></span></span></div>` +
  '<button type="submit" class="pd-btn"><span>Login</span></button>' +
  '<div style="margin-top: 16px; text-align: center;"><a class="pd-link" href="/login/forgot">Forgot Password?</a></div>' +
  '</form></div></main>';

/** Paints the form over the page if the address shows it (boot.js, before the application). */
export function paintSkeleton(doc = document) {
  if (!paintsSkeleton(doc.location.pathname)) return;
  // The kiosk's zone query is kept at once, as the React form keeps it (LoginPage).
  storeZoneFromQuery(doc.location.search);
  const boot = doc.createElement('div');
  boot.id = BOOT_ID;
  boot.className = 'pd-boot';
  boot.innerHTML = SKELETON_HTML;
  // Sent by the React form once it is there (LoginPage): the button shows it is busy.
  boot.querySelector('form').addEventListener('submit', (e) => {
    e.preventDefault();
    boot.dataset.submitted = 'yes';
    boot.querySelector('button').classList.add('pd-btn-loading');
  });
  // A press of Login not yet released: the React form may replace this one before the
  // release (the application arriving on a slow network), and the browser's click goes
  // with the pressed button; the React form then takes the release on its own Login.
  boot.querySelector('button').addEventListener('pointerdown', () => {
    boot.dataset.pressed = 'yes';
  });
  for (const type of ['pointerup', 'pointercancel']) doc.addEventListener(type, () => delete boot.dataset.pressed, { capture: true });
  doc.body.insertBefore(boot, doc.body.firstChild);
  boot.querySelector('#boot_email').focus();
}

/** What was typed into the painted form, where the focus is, whether it was sent and whether its Login is held down: { email, password, focus, submitted, pressed }. */
export function skeletonState(doc = document) {
  const boot = doc.getElementById(BOOT_ID);
  if (!boot) return null;
  const value = (id) => boot.querySelector(`#${id}`)?.value || '';
  const active = doc.activeElement?.id;
  return {
    email: value('boot_email'),
    password: value('boot_password'),
    focus: active === 'boot_password' ? 'password' : 'email',
    submitted: boot.dataset.submitted === 'yes',
    pressed: boot.dataset.pressed === 'yes',
  };
}

/** Removes the painted form (the React one is in place). */
export function removeSkeleton(doc = document) {
  doc.getElementById(BOOT_ID)?.remove();
}
