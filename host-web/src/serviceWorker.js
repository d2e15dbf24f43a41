// The console ships no service worker; one left by an older build would serve stale
// pages, so every registration is removed on load except the kiosk's own (script
// /kiosk-sw.js, scoped to the kiosk's route by its remote: it keeps the kiosk working
// through a network outage, decision 122).
export const KIOSK_WORKER = '/kiosk-sw.js';

const isKiosk = (r) => {
  try {
    const script = r.active || r.waiting || r.installing;
    return Boolean(script) && new URL(script.scriptURL).pathname === KIOSK_WORKER && new URL(r.scope).pathname !== '/';
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
