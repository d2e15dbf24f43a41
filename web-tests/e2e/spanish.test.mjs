// A plant whose language is Spanish (decisions 75–78, 104). Every kiosk screen and the main
// console pages show no English text of the code (names, part numbers, zone codes and
// document content aside): every text on screen, and every aria-label, title, placeholder
// and alt, is checked against the code's keys whose Spanish differs (web-tests/i18n-keys.mjs;
// the zone labels' too: 'A Zone 1'), antd's own English texts and its icons' English
// names. The console pages pass axe in Spanish (the names given to icon-only controls).
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, expectAccessible, settled, signInFormReady, waitForPath } from './harness.mjs';
import { PASSWORD } from './page.mjs';
import { translations, usedKeys } from '../i18n-keys.mjs';

// antd's texts that its Spanish locale changes (pagination, empty lists, pickers, dialogs),
// and the English names it gives where no locale reaches (a Segmented, Tabs' overflow list).
const ANTD_ENGLISH = [
  'No data',
  '/ page',
  'Go to',
  'Previous Page',
  'Next Page',
  'Select date',
  'Select time',
  'Today',
  'Expand row',
  'Collapse row',
  'segmented control',
  'expanded dropdown',
];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Regular expressions (as sources) of the English texts a Spanish screen must not show. */
function englishTexts() {
  const out = new Set(ANTD_ENGLISH.map((s) => `^${escape(s)}$`));
  for (const [ns, keys] of usedKeys()) {
    const es = translations(ns, 'es');
    for (const key of keys.keys()) {
      const spanish = es[key] ?? es[`${key}_other`];
      if (!spanish || spanish === key) continue;
      if (key.replace(/\{\{\w+\}\}/g, '').replace(/[^A-Za-z]/g, '').length < 4) continue;
      out.add(
        `^${key
          .split(/\{\{\w+\}\}/)
          .map(escape)
          .join('.+')}$`,
      );
    }
  }
  return [...out];
}
const ENGLISH = englishTexts();

/**
 * The English texts on the page now (visible texts, accessible names, the title, and antd
 * icons a screen reader reads by their English file names: 'icon down'), or with `none`,
 * whether there is none (a predicate for waitForFunction).
 */
function englishOnPage({ sources, none = false }) {
  const patterns = sources.map((s) => new RegExp(s, 's'));
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest('script, style, [hidden]')) continue;
    texts.push(n.textContent);
  }
  for (const el of document.body.querySelectorAll('*')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) texts.push(el.getAttribute(a));
    // A sentence drawn over a few elements ('Zone: ' + a name).
    if (el.children.length && el.children.length <= 3 && el.textContent.length < 160) texts.push(el.textContent);
  }
  const seen = [...new Set(texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean))];
  const found = seen.filter((t) => patterns.some((p) => p.test(t)));
  // An icon is read unless hidden, or inside a control that has its own name.
  for (const el of document.body.querySelectorAll('.anticon[aria-label]')) {
    const name = el.getAttribute('aria-label');
    if (!el.classList.contains(`anticon-${name}`) || el.closest('[aria-hidden="true"]')) continue;
    if (!el.parentElement?.closest('button[aria-label], [role="button"][aria-label]')) found.push(`icon ${name}`);
  }
  return none ? found.length === 0 : found;
}

/**
 * The English texts left once the page is in Spanish. A module's translations arrive with
 * its code, after the shell's: the page is read until none is left, at most 10 s; what is
 * left then is the answer (and fails the test).
 */
async function englishLeft(page) {
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  await settled(page);
  await page.waitForFunction(englishOnPage, { sources: ENGLISH, none: true }, { timeout: 10000, polling: 250 }).catch(() => {});
  return page.evaluate(englishOnPage, { sources: ENGLISH });
}

async function signIn(page, base, email) {
  await page.goto(`${base}/login`);
  await page.locator('input[type="email"], input[autocomplete="username"]').first().fill(email);
  await signInFormReady(page);
  await page.locator('input[type="password"]').first().fill(PASSWORD);
  await page.locator('button[type="submit"]').first().click();
}

const suite = browserSuite({ server: { env: { PLANTDOC__I18N__DEFAULT: 'es' }, release: '2.0' } });
const it = suite.it;

describe('A Spanish plant', () => {
  it('the sign-in page is in Spanish', async (page) => {
    await page.goto(`${suite.server.url}/login`);
    await page.locator('button[type="submit"]').first().waitFor();
    // The painted form (English, before the application) hands over to the translated one.
    await page.waitForFunction(() => document.documentElement.lang === 'es' && !document.getElementById('pd-boot'));
    assert.deepEqual(await englishLeft(page), []);
  });

  it('the main console pages show no English text', async (page) => {
    await signIn(page, suite.server.url, 'manager.process@demo.plant');
    await waitForPath(page, /^\/main\//);
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const left = {};
    for (const path of CONSOLE_PAGES) {
      await page.goto(`${suite.server.url}${path}`);
      await page.locator('main, [role="main"]').first().waitFor();
      const found = await englishLeft(page);
      if (found.length) left[path] = found;
      await expectAccessible(page, `${path} in Spanish`);
    }
    assert.deepEqual(left, {});
  });

  it('every kiosk screen shows no English text, the operator in their language', async (page) => {
    const base = suite.server.url;
    await signIn(page, base, 'kiosk@demo.plant');
    await waitForPath(page, '/island');
    await page.evaluate(() => {
      localStorage.setItem('plantdoc.kiosk', JSON.stringify({ zone: 'A1', allowAccess: true, dialogOpen: false }));
      sessionStorage.removeItem('plantdoc.island.operator');
    });
    await page.reload();
    await page.locator('nav[lang], nav').first().waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const left = {};
    const check = async (name) => {
      const found = await englishLeft(page);
      if (found.length) left[name] = found;
    };
    await check('badge screen');
    // A badge reader: digits and Enter (the start screen captures them).
    await page.keyboard.type('1004');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/island/part-select');
    // The address changes first; the start screen (its badge field an input too) stays until
    // the part select's chunk is in (react-router's navigations are transitions).
    const search = page.getByPlaceholder(translations('island', 'es')['Search by part number']);
    await search.waitFor();
    await check('part select');
    await search.fill('7101-0002');
    await page.locator('.ant-select-item-option', { hasText: '7101-0002' }).click();
    await waitForPath(page, /^\/island\/operator-status\?/);
    await page.locator('[data-status]').first().waitFor();
    await check('operator status');
    const part = new URL(page.url()).searchParams.get('part');
    for (const screen of ['swp-ack', 'alert-ack', 'interface']) {
      await page.goto(`${base}/island/${screen}?part=${part}`);
      await waitForPath(page, new RegExp(`^/island/${screen}\\?`));
      await page.locator('button').first().waitFor();
      await check(screen);
    }
    for (const screen of ['reference', 'settings', 'error/zone']) {
      await page.goto(`${base}/island/${screen}`);
      await page.locator('button').first().waitFor();
      await check(screen);
    }
    assert.deepEqual(left, {});
  });
});

// The console's pages a process manager reaches (tabs in the address).
const CONSOLE_PAGES = [
  '/main/swps',
  '/main/swps?tab=upload',
  '/main/swps?tab=my-pending',
  '/main/swps?tab=verification-history',
  '/main/alerts',
  '/main/sign-off',
  '/main/training',
  '/main/readiness',
  '/main/dashboard',
  '/main/kanban',
  '/main/settings?tab=manage',
  '/main/settings?tab=account',
  '/main/settings?tab=notifications',
];
