// The kiosk's outages in the browser tests (decisions 122, 125): the server process stops
// and starts again on the same port, database and files (`env`: the settings it was
// started with); what the netbook keeps is read from its IndexedDB.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, ROOT } from './harness.mjs';

async function waitDown(url) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/healthz`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not stop');
}

/** `restart(port)`: serves `server`'s data again (or on `port`: the kiosk cannot reach it);
 * `stop(url)`: stops it and waits until it no longer answers; `kill()`: what was restarted. */
export function outage(server, env = {}) {
  const children = [];
  async function restart(port = server.port) {
    const url = `http://127.0.0.1:${port}`;
    const all = {
      ...process.env,
      PLANTDOC__DATABASE__URL: `sqlite://${server.dir}/plantdoc.db`,
      PLANTDOC__STORAGE__DIR: `${server.dir}/files`,
      PLANTDOC__SERVER__ADDR: `127.0.0.1:${port}`,
      PLANTDOC__SERVER__PUBLIC_URL: url,
      PLANTDOC__LOG__FORMAT: 'pretty',
      PLANTDOC__LOG__LEVEL: 'warn',
      PLANTDOC__AUTH__IP_ATTEMPTS_PER_MINUTE: '1000',
      ...env,
    };
    const log = fs.openSync(path.join(server.dir, `server-${Date.now()}.log`), 'w');
    const child = spawn(BIN, ['serve'], { cwd: ROOT, env: all, stdio: ['ignore', log, log] });
    children.push(child);
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) {
          server.stop = () => child.kill('SIGTERM');
          return child;
        }
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the restarted server did not answer');
  }
  async function stop(url = server.url) {
    server.stop();
    await waitDown(url);
  }
  return { restart, stop, kill: () => children.forEach((c) => c.kill('SIGTERM')) };
}

/** Everything in the netbook's IndexedDB: `{kv: {name: value}, outbox: [items]}`. */
export const keptDb = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const req = indexedDB.open('plantdoc-island');
        req.onsuccess = () => {
          const tx = req.result.transaction(['kv', 'outbox']);
          const out = { kv: {}, outbox: [] };
          const kv = tx.objectStore('kv');
          kv.getAllKeys().onsuccess = (k) => {
            kv.getAll().onsuccess = (v) => k.target.result.forEach((name, i) => (out.kv[name] = v.target.result[i]));
          };
          tx.objectStore('outbox').getAll().onsuccess = (e) => (out.outbox = e.target.result);
          tx.oncomplete = () => resolve(out);
        };
      }),
  );

/** The pack kept on the netbook (IndexedDB). */
export const keptPack = async (page) => (await keptDb(page)).kv.pack;

/** A badge read: typed into the badge field, ended by Tab. */
export async function scan(page, badge) {
  const field = page.getByLabel('Badge');
  await field.fill(badge);
  await field.press('Tab');
}
