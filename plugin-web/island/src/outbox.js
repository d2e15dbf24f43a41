// No lost signature: every read and verification is first written to the netbook's
// IndexedDB (offline/db.js) with an idempotency key and the time the person signed
// (`kioskTime`), then sent, in order. A call the server did not answer (network down,
// 502-504) stays and is sent again every few seconds, also after a reload; the server
// records a key once. A refusal (4xx) is removed and reported. Queued while the server
// cannot be reached, an item is `offline: true` (sent with its kioskTime) and the screen
// goes on at once; a PIN is then sealed to the server's key (offline/seal.js) and only the
// sealed value is kept ('PIN to be checked'). Decision 122.
import { api, ApiError, k, serverUnreachable } from '@plantdoc/kit';
import { db } from './offline/db';

/** Where the outbox lived before (localStorage): moved into IndexedDB at the first load. */
export const OUTBOX_KEY = 'plantdoc.island.outbox';
/** Shown while a call waits on the netbook. */
export const PENDING_TEXT = k('Saved on this netbook. It will be sent as soon as the server answers.');
/** Shown for a signature queued with its PIN sealed. */
export const PIN_TEXT = k('Saved on this netbook: PIN to be checked when the server answers.');
const RETRY_MS = 2000;
const waiting = new Map();
// PINs (decision 63) stay in memory while the server answers; queued offline they are
// sealed (sealedPin) and the plain PIN is forgotten.
const secrets = new Map();
let timer = null;
let flushing = null;
let moved = null;

async function store() {
  const d = await db();
  if (moved?.d !== d) moved = { d, done: moveLegacy(d) };
  await moved.done;
  return d;
}

// Items an older build left in localStorage go first, in their order.
async function moveLegacy(d) {
  let list = [];
  try {
    list = JSON.parse(localStorage.getItem(OUTBOX_KEY) || '[]');
  } catch {
    list = [];
  }
  if (!Array.isArray(list) || !list.length) return;
  for (const i of list)
    if (i?.key && i.path) await d.add('outbox', { key: i.key, path: i.path, body: i.body ?? {}, kioskTime: i.kioskTime ?? Date.now(), offline: false });
  localStorage.removeItem(OUTBOX_KEY);
}

/** Every item waiting, oldest first. */
export async function queued() {
  return (await store()).getAll('outbox');
}

export async function pendingCount() {
  return (await queued()).length;
}

function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const unanswered = (e) => !(e instanceof ApiError) || [502, 503, 504].includes(e.status);

/** The PIN of an item sealed to the pack's key, kept instead of the PIN; false without a key. */
async function seal(item) {
  const secret = secrets.get(item.key);
  if (!secret?.pin || item.sealedPin) return false;
  const { keptPack } = await import('./offline/pack');
  const pinKey = (await keptPack())?.pinKey;
  if (!pinKey?.publicKey) return false;
  const { sealPin } = await import('./offline/seal');
  item.sealedPin = await sealPin(pinKey, secret.pin, item.key, secret.newPin);
  secrets.delete(item.key);
  // Replaced in this act: the person's next one offline is signed with their new PIN.
  if (secret.newPin) await import('./offline/pins').then((m) => m.replacedHere(m.signerOf(item.path, item.body)));
  return true;
}

/** The item as sent offline from now on (its PIN sealed), saved. */
async function goOffline(item) {
  if (item.offline && !secrets.get(item.key)?.pin) return item;
  item.offline = true;
  await seal(item).catch(() => false);
  await (await store()).put('outbox', item);
  return item;
}

const textOf = (item) => (item.sealedPin ? PIN_TEXT : PENDING_TEXT);

function settle(item, how, value) {
  const w = waiting.get(item.key);
  waiting.delete(item.key);
  w?.[how](value);
}

async function flushNow() {
  for (;;) {
    const [item] = await queued();
    if (!item) return;
    const sent = { ...item.body, ...(item.sealedPin ? { sealedPin: item.sealedPin } : secrets.get(item.key)), key: item.key };
    if (item.offline) Object.assign(sent, { offline: true, kioskTime: item.kioskTime });
    try {
      const answer = await api.post(item.path, sent);
      await (await store()).delete('outbox', item.seq);
      secrets.delete(item.key);
      settle(item, 'resolve', answer);
    } catch (e) {
      if (unanswered(e)) {
        // Every item waiting is kept to be sent offline; its screen goes on.
        for (const i of await queued()) {
          await goOffline(i);
          waiting.get(i.key)?.pending?.(textOf(i));
          settle(i, 'resolve', { queued: true, offline: true });
        }
        clearTimeout(timer);
        timer = setTimeout(flush, RETRY_MS);
        return;
      }
      await (await store()).delete('outbox', item.seq);
      secrets.delete(item.key);
      if (!waiting.has(item.key)) window.dispatchEvent(new CustomEvent('plantdoc:outbox-refused', { detail: { item, message: e.message } }));
      settle(item, 'reject', e);
    }
  }
}

let rerun = null;

/** Sends what is waiting, one at a time, in order (once more after a run under way). */
export function flush() {
  if (!flushing) {
    flushing = flushNow().finally(() => (flushing = null));
    return flushing;
  }
  if (!rerun)
    rerun = flushing
      .catch(() => {})
      .then(() => {
        rerun = null;
        return flush();
      });
  return rerun;
}

/**
 * Keeps the call, then sends it. Resolves with the server's answer, or `{queued: true}` once
 * kept while the server cannot be reached; rejects with its refusal. `onPending(text)` runs
 * when the server could not be reached (it will be retried). `secret`: {pin, newPin}, sent
 * with the body but kept in memory only (sealed when queued offline).
 */
export async function send(path, body, onPending, secret) {
  const item = { key: newKey(), path, body, kioskTime: Date.now(), offline: serverUnreachable() };
  if (secret) secrets.set(item.key, secret);
  if (item.offline) await seal(item).catch(() => false);
  const d = await store();
  item.seq = await d.add('outbox', item);
  const done = new Promise((resolve, reject) => waiting.set(item.key, { resolve, reject, pending: onPending }));
  flush();
  return done;
}
