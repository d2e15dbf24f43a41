// The kiosk's IndexedDB (`idb`, decision 122): `kv` holds the offline pack ('pack') and the
// kiosk settings answer ('config'); `outbox` the signatures waiting for the server, in the
// order they were made (auto-increment key).
import { openDB } from 'idb';

export const DB_NAME = 'plantdoc-island';
let opened = null;

export function db() {
  if (!opened)
    opened = openDB(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore('kv');
        d.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      },
    }).catch((e) => {
      opened = null;
      throw e;
    });
  return opened;
}

/** Forgets the open connection (tests delete the database between cases). */
export function closeDb() {
  const was = opened;
  opened = null;
  return was?.then((d) => d.close()).catch(() => {});
}
