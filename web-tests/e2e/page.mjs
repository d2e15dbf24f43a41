// What a browser test does on a page: sign in, wait for an address, wait for motion to end,
// check accessibility with axe-core. Re-exported by harness.mjs.
import fs from 'node:fs';
import { createRequire } from 'node:module';

export const PASSWORD = 'Demo-Plant-2026';

/**
 * Waits until the application's sign-in form has taken over from the one boot.js painted
 * (typing starts the application, decision 39): a click on Login while the two swap can
 * land on neither. Returns at once where nothing was painted.
 */
export async function signInFormReady(page) {
  await page.locator('#pd-boot').waitFor({ state: 'detached', timeout: 20000 });
}

/**
 * Another person is about to use this tab: it leaves the application first, then drops
 * the cookies. (Dropped while a page is open, the page's next request is refused and it
 * sends the tab to /login remembering where it was, session/next.js; the next sign-in
 * would then return there, not to the person's home page.)
 */
export async function leaveSignedIn(page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

export async function login(page, base, email, password = PASSWORD) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await signInFormReady(page);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Waits until the page's path (and query) is `want` (string, RegExp or predicate). */
export async function waitForPath(page, want, ms = 20000) {
  const test = (u) => {
    const url = new URL(u);
    const p = url.pathname + url.search;
    if (typeof want === 'function') return want(p);
    return typeof want === 'string' ? p === want : want.test(p);
  };
  await page.waitForURL(test, { timeout: ms });
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Waits until the page's motion has ended: no part of it busy loading (`aria-busy`), no
 * finite animation or transition running and no antd motion class (`…-enter`,
 * `…-appear`, `…-leave`: a drop-down closing, a tab's ink bar) left on an element, for
 * three frames in a row (an answer that lands starts its transitions a frame later). At
 * most `ms`; a page that never settles is read as it is. Answers whether it settled.
 */
export async function settled(page, ms = 5000) {
  await page.evaluate(() => {
    window.__pdQuietFrames = 0;
  });
  return page
    .waitForFunction(
      () => {
        const quiet =
          !document.querySelector('[aria-busy="true"]') &&
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity) &&
          !document.querySelector('[class*="-enter-active"], [class*="-appear-active"], [class*="-leave-active"]');
        window.__pdQuietFrames = quiet ? (window.__pdQuietFrames || 0) + 1 : 0;
        return window.__pdQuietFrames >= 3;
      },
      null,
      { timeout: ms, polling: 'raf' },
    )
    .then(
      () => true,
      () => false,
    );
}

// Rules that fail whatever their impact. heading-order (moderate, a best practice outside
// the WCAG tags): a page's headings go down one level at a time, so a screen reader's
// list of headings reads as the page's outline.
const ALWAYS_FAIL = ['heading-order'];

/**
 * axe-core over the page as it is now: fails on any serious or critical violation
 * (WCAG 2.x A/AA rules) and on any of ALWAYS_FAIL, naming the rule and the first
 * offending elements. `include`: a selector that limits the check to that part of the page.
 */
export async function expectAccessible(page, what = page.url(), { include = null } = {}) {
  if (!(await settled(page))) console.log(`axe: ${what} still moving or busy after 5 s; read as it is`);
  // Evaluated through the DevTools protocol: an inline <script> would break the CSP.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([within, always]) => {
      const res = await window.axe.run(within ? { include: [within] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        // A rule enabled here runs beside the tags' (axe: `rules` overrides `runOnly` tags).
        rules: Object.fromEntries(always.map((id) => [id, { enabled: true }])),
      });
      return res.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || always.includes(v.id))
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        );
    },
    [include, ALWAYS_FAIL],
  );
  if (violations.length) throw new Error(`Accessibility of ${what}:\n  ${violations.join('\n  ')}`);
}

/**
 * Picks `option` in an antd Select: opens it, waits for the open list to stop moving (a
 * click on an option still sliding in can miss it under load), then clicks the option.
 */
export async function choose(page, combobox, option) {
  await combobox.click();
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first();
  await item.waitFor();
  await settled(page);
  await item.click();
}

/**
 * What a failed test's report adds to its screenshot: the page's last refused or failed
 * API calls (status ≥ 400, or no answer) and its last console errors, each with the time
 * since the page opened. `report()` is empty when there were none.
 */
export function watchTrouble(page, keep = 8) {
  const start = Date.now();
  const calls = [];
  const logged = [];
  const note = (list, text) => {
    list.push(`${((Date.now() - start) / 1000).toFixed(1)} s ${text}`);
    if (list.length > keep) list.shift();
  };
  const apiPath = (u) => (u.includes('/api/') ? new URL(u).pathname : null);
  page.on('response', (r) => {
    const p = apiPath(r.url());
    if (p && r.status() >= 400) note(calls, `${r.status()} ${r.request().method()} ${p}`);
  });
  page.on('requestfailed', (r) => {
    const p = apiPath(r.url());
    if (p && !p.startsWith('/api/events')) note(calls, `no answer (${r.failure()?.errorText}) ${r.method()} ${p}`);
  });
  const warned = [];
  page.on('console', (m) => {
    if (m.type() === 'error') note(logged, m.text().slice(0, 300));
    else if (m.type() === 'warning') note(warned, m.text().slice(0, 300));
  });
  return () =>
    (calls.length ? `\n  api calls refused or failed: ${calls.join(' | ')}` : '') +
    (logged.length ? `\n  console errors: ${logged.join(' | ')}` : '') +
    (warned.length ? `\n  console warnings: ${warned.join(' | ')}` : '');
}
