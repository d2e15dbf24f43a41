// What the kiosk knows of the server and of its offline pack, read synchronously by the
// banner on every screen (decision 122). The pack itself is in IndexedDB (pack.js); its
// time and limit are kept here too, in localStorage, so the banner needs no IndexedDB.
import { useSyncExternalStore } from 'react';
import { onServerReach, serverUnreachable } from '@plantdoc/kit';

export const PACK_INFO = 'plantdoc.island.pack';
const listeners = new Set();
const HOUR = 3600 * 1000;

/** {asOf, maxHours} of the pack kept, or null. */
export function packInfo() {
  try {
    return JSON.parse(localStorage.getItem(PACK_INFO) || 'null');
  } catch {
    return null;
  }
}

export function setPackInfo(info) {
  if (info) localStorage.setItem(PACK_INFO, JSON.stringify(info));
  else localStorage.removeItem(PACK_INFO);
  listeners.forEach((l) => l());
}

/** True when the pack is older than its limit: documents are no longer shown. */
export function tooLong(info = packInfo(), now = Date.now()) {
  return Boolean(info?.asOf) && now - info.asOf > (info.maxHours ?? 12) * HOUR;
}

const subscribe = (l) => {
  listeners.add(l);
  const off = onServerReach(l);
  return () => {
    listeners.delete(l);
    off();
  };
};
const snapshot = () => `${serverUnreachable()}|${localStorage.getItem(PACK_INFO) || ''}`;

/** {down, info}: re-rendered when the server stops or starts answering, or the pack changes. */
export function useReach() {
  useSyncExternalStore(subscribe, snapshot);
  return { down: serverUnreachable(), info: packInfo() };
}
