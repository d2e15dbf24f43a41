// The kiosk's service worker (/kiosk-sw.js?remote=<the kiosk's remote>, registered by that
// remote with its route as the scope; decision 122). The host names no module: the scope
// and the remote come from the registration. It keeps the application so that the kiosk
// reloads with the server down, and the documents of the netbook's zone by SHA-256.
// Workbox routes and strategies; the console has no service worker (serviceWorker.js).
//   - navigations under the scope: the network first, else the kept shell (one entry:
//     every address under the scope is the same index.html);
//   - content-hashed chunks: kept once fetched (their name changes with their content);
//   - main.js, boot.js, remoteEntry.js, files.json and the shell's two reads
//     (/api/users/current, /api/modules): the network first, else the kept copy, marked
//     with `x-plantdoc-kept` so the page knows the server did not answer;
//   - <scope>/doc/<sha256>: a document kept by its hash (fetched from the pack's same-origin
//     link, which answers the stored bytes: decision 126), never from the network.
// Messages: {type: 'warm'} keeps every script of the host and the kiosk's remote (their
// files.json, written by the build), so the screens loaded later work offline too;
// {type: 'keep', files: [{sha256, url}]} keeps the pack's documents and drops the others.
import { clientsClaim } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

const APP = 'plantdoc-app';
const DOCS = 'plantdoc-docs';
// The kiosk's route (the registration's scope) and its remote (`?remote=` of the script).
const SCOPE = new URL(self.registration.scope).pathname.replace(/\/$/, '');
const REMOTE = (new URL(self.location.href).searchParams.get('remote') || '').replace(/[^a-z0-9-]/g, '');
const DOC = `${SCOPE}/doc/`;
const HASHED = /\.[0-9a-f]{10}\.js$/;
const SHELL_READS = ['/api/users/current', '/api/modules'];
const LISTS = ['/files.json', `/remotes/${REMOTE}/files.json`];
// A document bigger than this is kept without checking its hash (no incremental digest in
// WebCrypto: the whole body would sit in memory; videos).
const CHECK_MAX = 64 * 1024 * 1024;

self.skipWaiting();
clientsClaim();

const same = (url) => url.origin === self.location.origin;
const ignoreVary = { ignoreVary: true };
// A kept answer served while the network failed says so.
const marked = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set('x-plantdoc-kept', '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
  },
};
const networkFirst = (plugins = []) => new NetworkFirst({ cacheName: APP, networkTimeoutSeconds: 5, matchOptions: ignoreVary, plugins });

registerRoute(
  ({ url }) => same(url) && url.pathname.startsWith(DOC),
  async ({ url }) => (await caches.match(url.pathname, { cacheName: DOCS, ...ignoreVary })) || new Response('', { status: 404 }),
);
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && same(url) && (url.pathname === SCOPE || url.pathname.startsWith(`${SCOPE}/`)),
  networkFirst([{ cacheKeyWillBeUsed: async () => SCOPE }]),
);
registerRoute(({ url }) => same(url) && HASHED.test(url.pathname), new CacheFirst({ cacheName: APP, matchOptions: ignoreVary }));
registerRoute(
  ({ url, request }) =>
    same(url) && request.method === 'GET' && (SHELL_READS.includes(url.pathname) || /\/(main|boot|remoteEntry)\.js$|\/files\.json$/.test(url.pathname)),
  networkFirst([marked]),
);

async function listed() {
  const names = new Set([SCOPE, '/boot.js', '/main.js', `/remotes/${REMOTE}/remoteEntry.js`, ...SHELL_READS]);
  for (const list of LISTS) {
    const res = await fetch(list, { cache: 'no-cache' });
    if (!res.ok) continue;
    const dir = list.slice(0, list.lastIndexOf('/') + 1);
    for (const f of await res.json()) names.add(dir + f);
  }
  return names;
}

/** Keeps every script the kiosk may load, drops chunks of older builds. */
async function warm() {
  const cache = await caches.open(APP);
  const names = await listed();
  const kept = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
  for (const name of names) {
    if (HASHED.test(name) && kept.has(name)) continue;
    const res = await fetch(name, { credentials: 'same-origin' }).catch(() => null);
    if (res?.ok) await cache.put(name, res);
  }
  for (const name of kept) if (HASHED.test(name) && !names.has(name)) await cache.delete(name);
}

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The body of `res` whole (`bytes`) when it is at most CHECK_MAX, else (`big`) a response
 * that streams it: the pack's links stream from the store and may not say their length.
 */
async function whole(res) {
  if (Number(res.headers.get('content-length') || 0) > CHECK_MAX) return { big: res };
  const reader = res.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size > CHECK_MAX) {
      const rest = new ReadableStream({
        start: (c) => chunks.forEach((ch) => c.enqueue(ch)),
        pull: async (c) => {
          const next = await reader.read();
          if (next.done) c.close();
          else c.enqueue(next.value);
        },
      });
      return { big: new Response(rest, { status: 200, headers: res.headers }) };
    }
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((at, ch) => (bytes.set(ch, at), at + ch.length), 0);
  return { bytes };
}

/** Keeps each file under its hash (checked when it is not too big), drops the others. */
async function keep(files) {
  const cache = await caches.open(DOCS);
  const want = new Set(files.map((f) => DOC + f.sha256));
  for (const req of await cache.keys()) if (!want.has(new URL(req.url).pathname)) await cache.delete(req);
  for (const f of files) {
    const key = DOC + f.sha256;
    if (await cache.match(key, ignoreVary)) continue;
    const res = await fetch(f.url, { credentials: 'same-origin' }).catch(() => null);
    if (!res?.ok || !res.body) continue;
    const { big, bytes } = await whole(res);
    if (big) {
      await cache.put(key, big);
      continue;
    }
    if (hex(await crypto.subtle.digest('SHA-256', bytes)) !== f.sha256) continue;
    await cache.put(key, new Response(bytes, { status: 200, headers: res.headers }));
  }
}

self.addEventListener('message', (event) => {
  const { type, files } = event.data || {};
  const done = (ok) => event.ports?.[0]?.postMessage({ type, ok });
  const work = type === 'warm' ? warm() : type === 'keep' && Array.isArray(files) ? keep(files) : null;
  if (work)
    event.waitUntil(
      work.then(
        () => done(true),
        () => done(false),
      ),
    );
});
