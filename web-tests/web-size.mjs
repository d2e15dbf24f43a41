// The JavaScript a browser downloads to show a page, counted from a real Chromium load
// against the real binary: for each page a fresh browser context (cold cache), the page
// opened (signed in first where it needs it), and the bytes of every JavaScript response
// body as received, i.e. compressed (brotli where the server has a .br file), summed.
//
//   node web-tests/web-size.mjs            prints the figures (make web-size)
//   web-tests/e2e/web-size.test.mjs        holds them to the budgets (npm run e2e)
//
// PLANTDOC_BIN and CHROMIUM_PATH as for the browser tests; needs `npm run build`.
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, PASSWORD, startServer } from './e2e/harness.mjs';

/**
 * The pages and their budgets (KB = 1000 bytes of compressed JavaScript; docs/web.md,
 * 'Weight and speed'); web-size.test.mjs holds each page to its budget.
 */
export const PAGES = [
  { name: '/login', path: '/login', user: null, ready: (p) => p.getByRole('button', { name: 'Login' }), budgetKB: 250 },
  // The kiosk registers its service worker once loaded (decision 122): its script counts too.
  { name: '/island', path: '/island', user: 'kiosk@demo.plant', ready: (p) => p.getByText('Please scan your badge to continue'), budgetKB: 250, worker: true },
  {
    name: '/main/swps',
    path: '/main/swps',
    user: 'manager.process@demo.plant',
    ready: (p) => p.getByRole('tab').first(),
    budgetKB: 350,
  },
];

/** Signs the context in through the API (the page's own cookie jar), as a browser would. */
async function signIn(context, base, email) {
  await context.request.get(`${base}/api/users/current`);
  const csrf = (await context.cookies(base)).find((c) => /plantdoc_csrf$/.test(c.name));
  const res = await context.request.post(`${base}/api/users/login`, {
    data: { email, password: PASSWORD },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf?.value || '') },
  });
  if (res.status() !== 200) throw new Error(`sign-in of ${email}: ${res.status()} ${await res.text()}`);
}

/** The bytes of `url` as the server sends them to a browser (brotli where it has a copy). */
function sentBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (res) => {
        let n = 0;
        res.on('data', (c) => (n += c.length));
        res.on('end', () => resolve({ bytes: n, encoding: res.headers['content-encoding'] || 'identity' }));
      })
      .on('error', reject);
  });
}

/** The script of the service worker the page registered (waited for), as sent. */
async function workerFile(tab, base) {
  const handle = await tab.waitForFunction(
    async () => {
      const reg = await navigator.serviceWorker?.getRegistration?.(location.pathname);
      return (reg?.active || reg?.waiting || reg?.installing)?.scriptURL || null;
    },
    null,
    { timeout: 30000, polling: 250 },
  );
  const url = await handle.jsonValue();
  const { bytes, encoding } = await sentBytes(url);
  return { url: `${url.replace(base, '')} (service worker)`, bytes, encoding };
}

/** One page, cold: { js: bytes, files: [{url, bytes, encoding}] }. */
export async function measurePage(browser, base, page) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    if (page.user) await signIn(context, base, page.user);
    const tab = await context.newPage();
    const scripts = [];
    let last = Date.now();
    tab.on('request', () => {
      last = Date.now();
    });
    tab.on('response', (r) => {
      const type = r.headers()['content-type'] || '';
      if (r.request().resourceType() === 'script' || /javascript/.test(type)) scripts.push(r);
    });
    await tab.goto(`${base}${page.path}`);
    await page.ready(tab).waitFor({ timeout: 30000 });
    // Shown; then until no request has started for 2 s (a page may poll: no networkidle).
    const until = Date.now() + 20000;
    while (Date.now() - last < 2000 && Date.now() < until) await tab.waitForTimeout(250);
    const files = [];
    for (const r of scripts) {
      const sizes = await r.request().sizes();
      files.push({ url: r.url().replace(base, ''), bytes: sizes.responseBodySize, encoding: r.headers()['content-encoding'] || 'identity' });
    }
    if (page.worker) files.push(await workerFile(tab, base));
    return { js: files.reduce((n, f) => n + f.bytes, 0), files };
  } finally {
    await context.close();
  }
}

/** Every page of PAGES against a server already started (or a fresh one). */
export async function measureAll(server) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const out = [];
    for (const page of PAGES) out.push({ ...page, ...(await measurePage(browser, server.url, page)) });
    return out;
  } finally {
    await browser.close();
  }
}

export const kb = (bytes) => (bytes / 1000).toFixed(1);

export function report(results, { files = false } = {}) {
  const lines = [];
  for (const r of results) {
    const verdict = r.js <= r.budgetKB * 1000 ? 'ok' : 'OVER BUDGET';
    lines.push(
      `${r.name.padEnd(12)} ${kb(r.js).padStart(7)} KB of JavaScript in ${String(r.files.length).padStart(2)} files (budget ${r.budgetKB} KB: ${verdict})`,
    );
    if (files) for (const f of r.files) lines.push(`    ${kb(f.bytes).padStart(7)} KB  ${f.encoding.padEnd(8)} ${f.url}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startServer();
  try {
    const results = await measureAll(server);
    console.log(report(results, { files: process.argv.includes('--files') }));
    if (results.some((r) => r.js > r.budgetKB * 1000)) process.exitCode = 1;
  } finally {
    server.stop();
  }
}
