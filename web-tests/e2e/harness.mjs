// End-to-end harness: the REAL plantdoc binary (fresh temp database and storage, seeded
// with `plantdoc seed demo`, free port), an optional real SMTP catcher, and headless
// Chromium through playwright-core with a temporary profile. Everything started here is
// stopped at the end, also when a test fails.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = process.env.PLANTDOC_BIN || path.join(ROOT, 'target/debug/plantdoc');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const RESULTS = path.join(ROOT, 'test-results');
import { PASSWORD, watchTrouble } from './page.mjs';

export { PASSWORD, leaveSignedIn, login, signInFormReady, waitForPath, settled, expectAccessible, choose } from './page.mjs';
// Who the harness signs in as to read the running server's module list.
const MODULES_READER = 'manager.process@demo.plant';

const cleanups = [];
process.on('exit', () => cleanups.splice(0).forEach((fn) => fn()));

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (!process.env.PLANTDOC_E2E_KEEP) cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function checkBuilt() {
  const host = path.join(ROOT, 'host-web/dist/index.html');
  if (!fs.existsSync(host)) throw new Error(`Build the web first (npm run build); missing: ${host}`);
  if (!fs.existsSync(BIN)) throw new Error(`No plantdoc binary at ${BIN} (set PLANTDOC_BIN)`);
}

/** The remote folders with a build (plugin-web/<id>/dist): what the server can serve. */
function builtRemotes() {
  const dir = path.join(ROOT, 'plugin-web');
  return fs.readdirSync(dir).filter((id) => fs.existsSync(path.join(dir, id, 'dist', 'remoteEntry.js')));
}

/**
 * A signed-in API client of a running server: fetch with a cookie jar and the CSRF header.
 * `get(path)` / `post(path, body)` answer { status, data }; `cookie()` is its Cookie header.
 */
export async function apiClient(base, email, password = PASSWORD) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  };
  const call = async (method, p, body) => {
    const headers = { Accept: 'application/json', Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    const csrf = jar.get('__Host-plantdoc_csrf') || jar.get('plantdoc_csrf');
    if (csrf) headers['X-CSRF-Token'] = decodeURIComponent(csrf);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    keep(res);
    const text = await res.text();
    let data = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, data };
  };
  await call('GET', '/api/users/current');
  const res = await call('POST', '/api/users/login', { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.data)}`);
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { get: (p) => call('GET', p), post: (p, b) => call('POST', p, b ?? {}), cookie };
}

/**
 * Every enabled module with a web remote, as the running server lists it, must have a
 * build and be served (a real 404 for the ones a test leaves out on purpose).
 */
async function checkRemotes(base, missingRemotes) {
  const c = await apiClient(base, MODULES_READER);
  const { status, data } = await c.get('/api/modules');
  if (status !== 200 || !Array.isArray(data?.modules)) throw new Error(`GET /api/modules: ${status} ${JSON.stringify(data)}`);
  const problems = [];
  for (const m of data.modules.filter((x) => x.enabled && x.remote)) {
    const dist = path.join(ROOT, 'plugin-web', m.id, 'dist', 'remoteEntry.js');
    const served = (await fetch(`${base}${m.remote.url}`)).status;
    if (missingRemotes.includes(m.id)) {
      if (served !== 404) problems.push(`${m.id}: left out on purpose but served (${served})`);
    } else if (!fs.existsSync(dist)) {
      problems.push(`${m.id}: not built (no ${path.relative(ROOT, dist)}; run npm run build)`);
    } else if (served !== 200) {
      problems.push(`${m.id}: ${m.remote.url} answers ${served}`);
    }
  }
  if (problems.length) throw new Error(`Web remotes of the enabled modules:\n  ${problems.join('\n  ')}`);
  return data;
}

/** Waits for a line matching `re` on a child's stdout. */
function waitForLine(child, re, what, ms = 15000) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start in ${ms} ms: ${buf}`)), ms);
    child.stdout.on('data', (d) => {
      buf += d;
      const m = buf.match(re);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${buf}`)));
  });
}

function track(child) {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  cleanups.push(kill);
  return kill;
}

/** A real SMTP server (aiosmtpd) writing each mail to dir/NNNN.eml. */
export async function startSmtp() {
  const dir = tempDir('plantdoc-mail-');
  const child = spawn('python3', [path.join(ROOT, 'core/app/tests/support/smtp_catcher.py'), dir, '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [, port] = await waitForLine(child, /READY (\d+)/, 'smtp catcher');
  const stop = track(child);
  return {
    port: Number(port),
    dir,
    stop,
    /** The newest mail to `to`, waiting for it to arrive. */
    async waitForMail(to, ms = 10000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const files = fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
        for (const f of files) {
          const text = fs.readFileSync(path.join(dir, f), 'utf8');
          if (text.toLowerCase().includes(to.toLowerCase())) return decodeMail(text);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} within ${ms} ms`);
    },
  };
}

/**
 * The real OpenID provider of the single sign-on tests (web-tests/oidc/provider.mjs) on
 * `port`, sending browsers back to `appUrl`. `account(login, claims)` sets a person's claims.
 */
export async function startOidcProvider(port, appUrl) {
  const child = spawn('node', ['provider.mjs'], {
    cwd: path.join(ROOT, 'web-tests/oidc'),
    env: { ...process.env, PORT: String(port), OIDC_REDIRECT_URIS: `${appUrl}/api/auth/oidc/callback` },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  await waitForLine(child, /READY (\d+)/, 'OpenID provider');
  const issuer = `http://127.0.0.1:${port}`;
  const account = async (login, claims) => {
    const r = await fetch(`${issuer}/_test/accounts/${login}`, { method: 'PUT', body: JSON.stringify(claims) });
    if (r.status !== 204) throw new Error(`provider account: ${r.status}`);
  };
  return { issuer, account, stop: track(child) };
}

/** The mail text with quoted-printable soft breaks and escapes undone. */
function decodeMail(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

/**
 * Seeds and serves plantdoc. `env` adds PLANTDOC__... settings; `missingRemotes` serves
 * the remotes from a copy of plugin-web without those modules' dist (a real 404).
 */
export async function startServer({ env = {}, smtp = null, missingRemotes = [], release = null, port: fixed = null } = {}) {
  checkBuilt();
  const dir = tempDir('plantdoc-e2e-');
  const port = fixed || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...process.env,
    PLANTDOC__DATABASE__URL: `sqlite://${dir}/plantdoc.db`,
    PLANTDOC__STORAGE__DIR: `${dir}/files`,
    PLANTDOC__SERVER__ADDR: `127.0.0.1:${port}`,
    PLANTDOC__SERVER__PUBLIC_URL: url,
    PLANTDOC__LOG__FORMAT: 'pretty',
    PLANTDOC__LOG__LEVEL: 'warn',
    PLANTDOC__AUTH__IP_ATTEMPTS_PER_MINUTE: '1000',
    ...(smtp ? { PLANTDOC__MAIL__SMTP__HOST: '127.0.0.1', PLANTDOC__MAIL__SMTP__PORT: String(smtp.port) } : {}),
    ...env,
  };
  if (release) {
    // PLANTDOC__RELEASE=2.0 reaches the server as the number 2 (its config layer parses
    // environment values), so the release is set in a copy of the config folder instead.
    const config = path.join(dir, 'config');
    fs.cpSync(path.join(ROOT, 'config'), config, { recursive: true, filter: (src) => !src.endsWith('local.toml') });
    fs.writeFileSync(path.join(config, 'local.toml'), `release = "${release}"\n`);
    fullEnv.PLANTDOC_CONFIG_DIR = config;
  }
  if (missingRemotes.length) {
    const remotes = path.join(dir, 'remotes');
    for (const id of builtRemotes()) {
      fs.mkdirSync(path.join(remotes, id), { recursive: true });
      if (!missingRemotes.includes(id)) fs.symlinkSync(path.join(ROOT, `plugin-web/${id}/dist`), path.join(remotes, id, 'dist'));
    }
    fullEnv.PLANTDOC__SERVER__REMOTES_DIR = remotes;
  }
  const cli = (...args) => {
    const r = spawnSync(BIN, args, { cwd: ROOT, env: fullEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`plantdoc ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  cli('seed', 'demo');
  const log = fs.openSync(path.join(dir, 'server.log'), 'w');
  const child = spawn(BIN, ['serve'], { cwd: ROOT, env: fullEnv, stdio: ['ignore', log, log] });
  const stop = track(child);
  const until = Date.now() + 20000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`plantdoc serve exited: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('plantdoc serve did not answer /healthz within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const modules = await checkRemotes(url, missingRemotes);
  return { url, port, dir, cli, stop, modules };
}

/** Rows of a query on a running test server's SQLite file (python3's sqlite3, read while it serves). */
export function sqliteRows(server, sql) {
  const script = 'import sqlite3,sys,json; c=sqlite3.connect(sys.argv[1], timeout=10); print(json.dumps(c.execute(sys.argv[2]).fetchall()))';
  const r = spawnSync('python3', ['-c', script, path.join(server.dir, 'plantdoc.db'), sql], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`sqlite: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Headless Chromium with a temporary profile; tests share it, each with a fresh page. */
export async function launchBrowser() {
  const profile = tempDir('plantdoc-chromium-');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1366, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  cleanups.push(() => context.close().catch(() => {}));
  return context;
}

const slug = (s) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 80);

/**
 * Collects every Content-Security-Policy violation of a page and its frames: the
 * `securitypolicyviolation` events (reported through the console by an init script)
 * and Chromium's own console messages naming the Content Security Policy. `withPage` fails a test on any.
 */
export function watchCsp(page) {
  const seen = [];
  page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    const t = m.text();
    // Only policy refusals: 'Refused to execute … MIME type' (nosniff on a 404) is not one.
    if (t.startsWith('CSP violation:') || /Content Security Policy/i.test(t)) seen.push(t);
  });
  return seen;
}

/**
 * One real server and one browser for a test file: `const suite = browserSuite();` then
 * `suite.it(name, async (page) => …)` and `suite.server.url`. `viewport` sets each page's
 * size; `server` holds startServer's options.
 */
export function browserSuite({ viewport = null, server = {} } = {}) {
  const suite = { server: null, context: null };
  before(async () => {
    suite.server = await startServer(server);
    suite.context = await launchBrowser();
  });
  after(async () => {
    await suite.context?.close();
    suite.server?.stop();
  });
  suite.it = (name, body) =>
    test(
      name,
      withPage(
        () => suite.context,
        name,
        async (page) => {
          if (viewport) await page.setViewportSize(viewport);
          await body(page);
        },
      ),
    );
  return suite;
}

/** A `test` whose page is the context's at `width`×`height` (1366×768 unless told). */
export function itAtSize(getContext, width = 1366, height = 768) {
  return (name, body) =>
    test(
      name,
      withPage(getContext, name, async (page) => {
        await page.setViewportSize({ width, height });
        await body(page);
      }),
    );
}

/**
 * Wraps a test body: a fresh page with no cookies, and a screenshot in test-results/
 * when the body fails.
 */
export function withPage(getContext, name, body) {
  return async () => {
    const context = getContext();
    await context.clearCookies();
    const page = await context.newPage();
    page.setDefaultTimeout(10000);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const violations = watchCsp(page);
    const trouble = watchTrouble(page);
    try {
      await body(page);
      if (violations.length) throw new Error(`Content-Security-Policy violations:\n  ${violations.join('\n  ')}`);
    } catch (err) {
      fs.mkdirSync(RESULTS, { recursive: true });
      const file = path.join(RESULTS, `${slug(name)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      // What the page holds where the screenshot shows nothing (a blank area says little).
      const dom = await page
        .evaluate(() => document.getElementById('root')?.innerHTML.replace(/\s+/g, ' ').slice(-1500) ?? '(no #root)')
        .catch((e) => `(unread: ${e.message})`);
      const where = `\n  url: ${page.url()}\n  screenshot: ${file}${errors.length ? `\n  page errors: ${errors.join(' | ')}` : ''}${trouble()}\n  page's last 1500 characters: ${dom}`;
      err.message += where;
      // The reporter prints the stack, which holds the message as it was when thrown.
      if (typeof err.stack === 'string') err.stack = `${err.stack}${where}`;
      throw err;
    } finally {
      await page.close().catch(() => {});
    }
  };
}
