import { paintSkeleton } from './login/skeleton';

// The session check starts now, before the bundle boots: the kit's first checkSession()
// takes this answer instead of asking again (plugin-web/kit/src/session.js).
window.__plantdocCurrentUser = fetch('/api/users/current', {
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
})
  .then((r) => (r.ok ? r.json() : null))
  .catch(() => null);

// /login: its form painted now, from this first script, before React loads (login/skeleton.js).
paintSkeleton();

// Async boundary: the federation runtime must set up the shared scope (react, antd, the
// kit...) before any code that imports them runs.
import('./bootstrap');
