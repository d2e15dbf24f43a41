// The operator at the netbook ('op' of the spec's island state), kept for the browser
// session; the part and the view live in the URL.
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { setOverrideLanguage } from '@plantdoc/kit';

const KEY = 'plantdoc.island.operator';
/** The sitting's key (sitting.js): cleared with the operator. */
export const SITTING = 'plantdoc.island.sitting';
const listeners = new Set();

export function getOperator() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) || 'null');
  } catch {
    return null;
  }
}

let current = getOperator();
// The operator's language applies from the badge scan until Sign Out (a reload keeps it);
// then the badge screen's choice or the plant's language serves whoever walks up (decision 75).
if (current?.lang) setOverrideLanguage(current.lang);

export function setOperator(op) {
  current = op;
  setOverrideLanguage(op?.lang ?? null);
  sessionStorage.removeItem(SITTING);
  if (op) sessionStorage.setItem(KEY, JSON.stringify(op));
  else sessionStorage.removeItem(KEY);
  listeners.forEach((l) => l());
}

/**
 * Signs in the operator of a scanned badge (badgeOperator), on the start screen or over
 * another operator's screens (whose sitting setOperator clears): their screens start at
 * part select.
 */
export function useSignIn() {
  const navigate = useNavigate();
  return (op) => {
    setOperator(op);
    navigate('/island/part-select');
  };
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
