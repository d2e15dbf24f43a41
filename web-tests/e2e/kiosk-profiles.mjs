// The three screens for every kiosk and console test: 1366×768, 1024×768 and a
// touch kiosk (1366×768 with touch; taps instead of clicks). One browser, one context per
// profile (touch is a context option), each test on a fresh page of its profile.
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM, login, waitForPath, withPage } from './harness.mjs';

export const PROFILES = [
  { name: '1366×768', viewport: { width: 1366, height: 768 }, touch: false },
  { name: '1024×768', viewport: { width: 1024, height: 768 }, touch: false },
  { name: 'touch kiosk', viewport: { width: 1366, height: 768 }, touch: true },
];

/** `profiles.it(name, (page, profile) => …)` runs the body once per profile (of `names`, default all). */
export function profileSuite(names = PROFILES.map((p) => p.name)) {
  const profiles = PROFILES.filter((p) => names.includes(p.name));
  const contexts = new Map();
  let browser = null;
  before(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    for (const p of profiles) contexts.set(p.name, await browser.newContext({ viewport: p.viewport, hasTouch: p.touch }));
  });
  after(async () => {
    await browser?.close();
  });
  return {
    it(name, body) {
      for (const p of profiles) {
        const full = `${name} (${p.name})`;
        test(
          full,
          withPage(
            () => contexts.get(p.name),
            full,
            (page) => body(page, p),
          ),
        );
      }
    },
  };
}

/** Click, or tap on the touch kiosk. */
export const press = (locator, profile) => (profile.touch ? locator.tap() : locator.click());

/** Types into the masked field (badge, PIN) named `label` and presses Enter. */
export async function type(page, label, value) {
  const field = page.getByLabel(label, { exact: true });
  await field.waitFor();
  await field.fill(value);
  await field.press('Enter');
}

/**
 * What Chromium's PDF viewer shows in the page's frame: {zoom (per cent), sidebar (px of
 * the thumbnail pane)}, read from the viewer's own page (an extension frame).
 */
export async function pdfViewState(page, ms = 15000) {
  const until = Date.now() + ms;
  let last = null;
  let since = 0;
  while (Date.now() < until) {
    let state = null;
    for (const frame of page.frames()) {
      if (!frame.url().startsWith('chrome-extension://')) continue;
      state = await frame
        .evaluate(() => {
          const viewer = document.querySelector('pdf-viewer');
          const zoom = viewer?.shadowRoot?.querySelector('viewer-toolbar')?.shadowRoot?.querySelector('input')?.value;
          const nav = viewer?.shadowRoot?.querySelector('#sidenav-container');
          return zoom ? { zoom: parseInt(zoom, 10), sidebar: Math.round(nav?.getBoundingClientRect().width ?? 0) } : null;
        })
        .catch(() => null);
      if (state) break;
    }
    // The viewer settles its zoom after the document loads: the same answer for 1 s.
    if (state && JSON.stringify(state) === JSON.stringify(last)) {
      if (Date.now() - since >= 1000) return state;
    } else {
      last = state;
      since = Date.now();
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`no settled PDF viewer in the page (last: ${JSON.stringify(last)})`);
}

/** The kiosk account signed in at `base`, the netbook's zone set, nothing queued and no
 *  operator at the netbook (the page is at /island; it reads the zone when it loads). */
/** The kiosk's queued signatures (outbox.js: IndexedDB `plantdoc-island`, store `outbox`), oldest first. */
export function outboxItems(page) {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it without its stores.
    if (!(await indexedDB.databases()).some((d) => d.name === 'plantdoc-island')) return [];
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open('plantdoc-island');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!db.objectStoreNames.contains('outbox')) return [];
      return await new Promise((resolve, reject) => {
        const req = db.transaction('outbox').objectStore('outbox').getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  });
}

/** Nothing queued on the netbook (its IndexedDB outbox emptied). */
export function clearOutbox(page) {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'plantdoc-island')) return;
    const db = await new Promise((resolve, reject) => {
      const req = indexedDB.open('plantdoc-island');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    if (db.objectStoreNames.contains('outbox'))
      await new Promise((resolve) => {
        const tx = db.transaction('outbox', 'readwrite');
        tx.objectStore('outbox').clear();
        tx.oncomplete = tx.onerror = resolve;
      });
    db.close();
  });
}

export async function signInKiosk(page, base, zone = 'A1') {
  await login(page, base, 'kiosk@demo.plant');
  await waitForPath(page, '/island');
  await page.evaluate((z) => {
    localStorage.setItem('plantdoc.kiosk', JSON.stringify({ zone: z, allowAccess: true, dialogOpen: false }));
    localStorage.removeItem('plantdoc.island.outbox');
    sessionStorage.removeItem('plantdoc.island.operator');
  }, zone);
  await clearOutbox(page);
}
