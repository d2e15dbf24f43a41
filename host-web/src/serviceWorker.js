// The product ships no service worker; one left by an older build would serve stale
// pages, so any registration is removed on load.
export function unregisterServiceWorkers(nav = typeof navigator === 'undefined' ? undefined : navigator) {
  if (!nav || !nav.serviceWorker || !nav.serviceWorker.getRegistrations) return Promise.resolve(0);
  return nav.serviceWorker
    .getRegistrations()
    .then((regs) => Promise.all(regs.map((r) => r.unregister())).then(() => regs.length))
    .catch(() => 0);
}
