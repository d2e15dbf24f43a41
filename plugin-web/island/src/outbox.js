// No lost signature: every read and verification is first written to the netbook's
// localStorage with an idempotency key, then sent, in order. A call the server did not
// answer (network down, 502-504) stays and is sent again every few seconds, also after
// a reload; the server records a key once. A refusal (4xx) is removed and reported.
import { api, ApiError, k } from '@plantdoc/kit';

export const OUTBOX_KEY = 'plantdoc.island.outbox';
/** Shown while a call waits on the netbook. */
export const PENDING_TEXT = k('Saved on this netbook. It will be sent as soon as the server answers.');
const RETRY_MS = 2000;
const waiting = new Map();
// PINs (decision 63) stay in memory, never in localStorage: after a reload the call is
// refused ('Please enter your PIN.') and the screen asks again.
const secrets = new Map();
let timer = null;
let flushing = null;

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(OUTBOX_KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function save(list) {
  localStorage.setItem(OUTBOX_KEY, JSON.stringify(list));
}

export function pendingCount() {
  return load().length;
}

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const unanswered = (e) => !(e instanceof ApiError) || [502, 503, 504].includes(e.status);

async function flushNow() {
  for (;;) {
    const [item] = load();
    if (!item) return;
    try {
      const answer = await api.post(item.path, { ...item.body, ...secrets.get(item.key), key: item.key });
      save(load().filter((i) => i.key !== item.key));
      secrets.delete(item.key);
      waiting.get(item.key)?.resolve(answer);
      waiting.delete(item.key);
    } catch (e) {
      if (unanswered(e)) {
        waiting.get(item.key)?.pending?.();
        clearTimeout(timer);
        timer = setTimeout(flush, RETRY_MS);
        return;
      }
      save(load().filter((i) => i.key !== item.key));
      secrets.delete(item.key);
      waiting.get(item.key)?.reject(e);
      waiting.delete(item.key);
    }
  }
}

/** Sends what is waiting, one at a time, in order. */
export function flush() {
  if (!flushing) flushing = flushNow().finally(() => (flushing = null));
  return flushing;
}

/**
 * Keeps the call, then sends it. Resolves with the server's answer, rejects with its
 * refusal; `onPending` runs when the server could not be reached (it will be retried).
 * `secret`: {pin, newPin}, sent with the body but kept in memory only.
 */
export function send(path, body, onPending, secret) {
  const item = { key: newKey(), path, body };
  if (secret) secrets.set(item.key, secret);
  save([...load(), item]);
  const done = new Promise((resolve, reject) => waiting.set(item.key, { resolve, reject, pending: onPending }));
  // A flush finishing just as this was added would leave it for the timer.
  flush().then(() => load().some((i) => i.key === item.key) && flush());
  return done;
}
