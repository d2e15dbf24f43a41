// The app under its Content-Security-Policy (docs/security.md items 13–16): the page and a
// stored file carry their policies; the console (Module Federation remotes, antd styles)
// and the kiosk (a PDF in a frame) run with no violation — `withPage` fails any test on one
// — and the watcher itself catches a violation, so a silent policy cannot pass.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, expectAccessible, login, waitForPath, watchCsp } from './harness.mjs';

const suite = browserSuite();
const it = suite.it;

describe('Security headers in the browser', () => {
  it('the page carries the policy and the console runs under it', async (page) => {
    // Chromium names a feature of the Permissions-Policy it does not know in a warning on
    // every page: the header names only features it knows.
    const policyWarnings = [];
    page.on('console', (m) => m.text().startsWith('Error with Permissions-Policy') && policyWarnings.push(m.text()));
    const res = await page.goto(`${suite.server.url}/login`);
    const h = res.headers();
    assert.match(h['content-security-policy'], /script-src 'self';/);
    assert.doesNotMatch(h['content-security-policy'], /unsafe-eval/);
    assert.equal(h['cross-origin-opener-policy'], 'same-origin');
    assert.match(h['permissions-policy'], /camera=\(\)/);
    await login(page, suite.server.url, 'manager.process@demo.plant');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // Module Federation remotes load under the policy: the SWP pages render.
    await page.goto(`${suite.server.url}/main/swps`);
    await page.getByRole('tab').first().waitFor();
    await expectAccessible(page, 'swps under CSP');
    await page.goto(`${suite.server.url}/main/alerts`);
    await page.locator('.pd-table, .ant-table, .ant-empty, .ant-result').first().waitFor();
    assert.deepEqual(policyWarnings, []);
  });

  it('the kiosk shows a PDF in a frame under the policy', async (page) => {
    await login(page, suite.server.url, 'kiosk@demo.plant');
    await waitForPath(page, '/island');
    await page.evaluate(() => localStorage.setItem('plantdoc.kiosk', JSON.stringify({ zone: 'A1', allowAccess: true, dialogOpen: false })));
    await page.getByRole('button', { name: 'Reference Screen' }).click();
    await waitForPath(page, '/island/reference');
    await page.getByPlaceholder('Search by part number').fill('7101');
    await page.locator('.ant-select-item-option', { hasText: '7101-0002' }).click();
    const frame = page.locator('iframe[title="Standard Work Chart"]');
    await frame.waitFor();
    const src = await frame.getAttribute('src');
    const file = await page.request.get(new URL(src, suite.server.url).href);
    assert.equal(file.status(), 200);
    assert.equal(file.headers()['content-security-policy'], 'sandbox allow-same-origin');
    await expectAccessible(page, 'kiosk reference under CSP');
  });

  test('a violation is caught by the watcher', async () => {
    const page = await suite.context.newPage();
    try {
      const seen = watchCsp(page);
      await page.goto(`${suite.server.url}/login`);
      const reported = page.waitForEvent('console', { predicate: () => seen.length > 0 });
      await page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inline = 1';
        document.body.appendChild(s);
      });
      await reported;
      assert.equal(await page.evaluate(() => window.__inline), undefined, 'the inline script did not run');
      assert.ok(seen.length > 0, 'the violation was reported');
    } finally {
      await page.close();
    }
  });
});
