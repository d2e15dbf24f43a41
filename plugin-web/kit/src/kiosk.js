// Kiosk (island netbook) settings: { zone, allowAccess, dialogOpen }. Kept in localStorage
// because a netbook belongs to its zone across browser restarts.
export const KIOSK_KEY = 'plantdoc.kiosk';
export const KIOSK_ZONES = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2', 'C3', 'D1', 'D2', 'D3', 'E1', 'E2', 'shipping', 'ojt'];
const DEFAULTS = { zone: null, allowAccess: false, dialogOpen: false };

export function getKioskSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KIOSK_KEY) || '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

const CHANGED = 'plantdoc:kiosk';

export function setKioskSettings(patch) {
  const next = { ...getKioskSettings(), ...patch };
  try {
    localStorage.setItem(KIOSK_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: nothing to keep.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
  return next;
}

/**
 * Tells `listener` of every change of the settings made on this page; answers the
 * unsubscribe. With React's useSyncExternalStore, the kiosk header shows a new zone as
 * soon as it is saved (plugins/island/README.md item 21).
 */
export function subscribeKioskSettings(listener) {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}

/** The stored settings' text: a snapshot that changes only when they do. */
export function kioskSettingsSnapshot() {
  try {
    return localStorage.getItem(KIOSK_KEY) || '';
  } catch {
    return '';
  }
}

/**
 * The login page's `zone` query: a recognised zone is stored with access not allowed
 * (an engineer must still grant the netbook access). Returns the zone stored, or null.
 */
export function storeZoneFromQuery(search) {
  const zone = new URLSearchParams(search || '').get('zone');
  if (!zone || !KIOSK_ZONES.includes(zone)) return null;
  setKioskSettings({ zone, allowAccess: false });
  return zone;
}
