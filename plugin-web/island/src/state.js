// The operator at the netbook ('op' of the spec's island state), kept for the browser
// session; the part and the view live in the URL.
import { useSyncExternalStore } from 'react';

const KEY = 'plantdoc.island.operator';
const SITTING = 'plantdoc.island.sitting';
const listeners = new Set();

export function getOperator() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) || 'null');
  } catch {
    return null;
  }
}

let current = getOperator();

export function setOperator(op) {
  current = op;
  sessionStorage.removeItem(SITTING);
  if (op) sessionStorage.setItem(KEY, JSON.stringify(op));
  else sessionStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

export function useOperator() {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}

/** The URL of a kiosk screen for a part, with extra query values. */
export function partPath(screen, partId, extra = {}) {
  const q = new URLSearchParams({ part: partId, ...extra });
  return `/island/${screen}?${q}`;
}

// The sitting (issue 26): what the operator has read since the badge scan and no verifier
// has witnessed yet ({kind: 'swp' | 'alert', id, label}), so that one verifier scan
// verifies them all, one verify call each. Cleared with the operator.
export function getSitting() {
  try {
    const list = JSON.parse(sessionStorage.getItem(SITTING) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const keep = (list) => sessionStorage.setItem(SITTING, JSON.stringify(list));

/** Adds a read item (once). */
export function addRead(item) {
  keep([...getSitting().filter((i) => i.id !== item.id), item]);
}

/** Removes a verified item. */
export function dropRead(id) {
  keep(getSitting().filter((i) => i.id !== id));
}
