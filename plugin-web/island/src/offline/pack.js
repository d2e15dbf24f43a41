// The offline pack (GET /api/island/offline?zone=, decision 122): everything the kiosk
// keeps for its zone, stored in IndexedDB and refreshed at load, on every live event the
// kiosk hears (a few seconds after the last), every `refreshMins`, and when the server
// answers again. Its documents are handed to the service worker, which keeps them by
// SHA-256. The service worker is registered here, after the first screen.
import { api, getKioskSettings, onServerReach, subscribeKioskSettings } from '@plantdoc/kit';
import { db } from './db';
import { setPackInfo } from './reach';
import { WORKER } from './start';

const SETTLE_MS = 3000;
let timer = null;
let settle = null;
let started = false;
let worker = null;

/** The pack kept, or null. */
export async function keptPack() {
  return (await (await db()).get('kv', 'pack')) ?? null;
}

/** The kiosk settings answer kept (idle time, signature mode), or null. */
export async function keptConfig() {
  return (await (await db()).get('kv', 'config')) ?? null;
}

/** Asks the service worker to do `message`; resolves when it is done (or at once without one). */
export async function tellWorker(message) {
  if (!worker) return false;
  const reg = await navigator.serviceWorker.ready;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(Boolean(e.data?.ok));
    reg.active.postMessage(message, [channel.port2]);
  });
}

/** The pack's files by hash, every part's and alert's, once each. */
export function packFiles(pack) {
  const all = [...(pack.parts ?? []).flatMap((p) => p.files ?? []), ...(pack.alerts ?? []).flatMap((a) => a.files ?? [])];
  const seen = new Map();
  for (const f of all) if (f?.sha256 && f.url && !seen.has(f.sha256)) seen.set(f.sha256, { sha256: f.sha256, url: f.url });
  return [...seen.values()];
}

/** Drops the pack (and its documents from the worker's cache). */
export async function forget() {
  await (await db()).delete('kv', 'pack');
  setPackInfo(null);
  await tellWorker({ type: 'keep', files: [] });
}

function schedule(mins) {
  clearTimeout(timer);
  timer = setTimeout(() => refresh().catch(() => {}), Math.max(1, mins || 15) * 60000);
}

/** Fetches the pack of the netbook's zone and keeps it with its documents. */
export async function refresh() {
  const { zone } = getKioskSettings();
  if (!zone) return null;
  let pack;
  try {
    pack = await api.get(`/api/island/offline?zone=${encodeURIComponent(zone)}`, { noFallback: true });
  } catch (e) {
    // Signed out or revoked: the company's badge list leaves the netbook with the account.
    if (e?.status === 401 || e?.status === 403) await forget();
    else schedule(1);
    throw e;
  }
  const config = await api.get('/api/island/kiosk-config', { noFallback: true }).catch(() => null);
  const d = await db();
  await d.put('kv', pack, 'pack');
  if (config) await d.put('kv', config, 'config');
  setPackInfo({ asOf: pack.asOf, maxHours: pack.maxHours, zone: pack.zone });
  schedule(pack.refreshMins);
  await tellWorker({ type: 'keep', files: packFiles(pack) });
  return pack;
}

const soon = () => {
  clearTimeout(settle);
  settle = setTimeout(() => refresh().catch(() => {}), SETTLE_MS);
};

function listen() {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource('/api/events');
  source.onmessage = soon;
}

/** Registers the service worker, keeps the application and the pack; once per page. */
export async function start() {
  if (started) return;
  started = true;
  onServerReach((down) => !down && soon());
  subscribeKioskSettings(soon);
  listen();
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  // No service worker outside a secure context (http:// other than localhost): the pack
  // still answers reads, but a reload needs the server.
  if (sw) worker = await sw.register(WORKER, { scope: '/island' }).catch(() => null);
  await refresh().catch(() => {});
  await tellWorker({ type: 'warm' });
  // The browser tests wait for this before they cut the network.
  window.__plantdocOfflineReady = Date.now();
}
