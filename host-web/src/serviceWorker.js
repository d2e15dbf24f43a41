// The console ships no service worker; one left by an older build would serve stale
// pages, so every registration is removed on load except the kiosk's own (scope /island,
// script /island-sw.js: it keeps the kiosk working through a network outage, decision 122).
export const KIOSK_WORKER = '/island-sw.js';

const isKiosk = (r) => {
  try {
    const script = r.active || r.waiting || r.installing;
    return new URL(r.scope).pathname === '/island' && (!script || new URL(script.scriptURL).pathname === KIOSK_WORKER);
  } catch {
    return false;
  }
};

export function unregisterServiceWorkers(nav = typeof navigator === 'undefined' ? undefined : navigator) {
  if (!nav || !nav.serviceWorker || !nav.serviceWorker.getRegistrations) return Promise.resolve(0);
  return nav.serviceWorker
    .getRegistrations()
    .then((regs) => regs.filter((r) => !isKiosk(r)))
    .then((regs) => Promise.all(regs.map((r) => r.unregister())).then(() => regs.length))
    .catch(() => 0);
}
