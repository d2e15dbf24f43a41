// The kiosk's offline side, started with the module (decision 122): reads the server does
// not answer are answered from the offline pack (answers.js, loaded then; the service
// worker keeps its chunk), and once the page has loaded the service worker is registered
// and the pack is fetched and kept (pack.js). Nothing here runs before the first screen.
import { setReadFallback } from '@plantdoc/kit';

export const WORKER = '/kiosk-sw.js?remote=island';

export function startOffline(win = typeof window === 'undefined' ? undefined : window) {
  // Only the kiosk's screens: a console page opened later in the same tab keeps its errors.
  const kiosk = () => /^\/island(\/|$)/.test(globalThis.location?.pathname ?? '');
  setReadFallback((path, error) => (kiosk() ? import('./answers').then((m) => m.answer(path, error)) : Promise.reject(error)));
  if (!win) return;
  const later = () => setTimeout(() => import('./pack').then((m) => m.start()), 1000);
  if (win.document?.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
