// Readiness (decision 64, release 2.0) end to end on the demo plant: the page's summary and
// drill-down with every choice in the address (reload and Back keep them), overdue rows in
// red, the CSV of the same filters; and the kiosk's 'To read:' list after the badge scan.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, choose, expectAccessible, login, waitForPath } from './harness.mjs';
import { signInKiosk } from './kiosk-profiles.mjs';

const suite = browserSuite({ server: { release: '2.0' } });
const it = suite.it;
const MANAGER = 'manager.process@demo.plant';

const query = (page) => new URL(page.url()).searchParams;

describe('readiness', () => {
  it('summary, drill-down and filters in the address, overdue in red, CSV', async (page) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await login(page, suite.server.url, MANAGER);
    await waitForPath(page, /^\/main/);
    await page.getByRole('link', { name: 'Readiness' }).click();
    await waitForPath(page, '/main/readiness');
    const summary = page.getByRole('region', { name: 'Readiness summary' });
    await summary.getByText('A Zone 1').waitFor();
    await page.locator('.ant-progress').first().waitFor();
    await expectAccessible(page, 'readiness page');

    // By part, then drill down to one part.
    await page.locator('.ant-segmented').getByText('Part', { exact: true }).click();
    await summary.getByText('7101-0001').waitFor();
    assert.equal(query(page).get('by'), 'part');
    await summary.locator('[data-key="7101-0001"]').getByRole('button', { name: 'Show' }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('part') === '7101-0001');
    const table = page.getByRole('table', { name: 'Reading obligations' });
    await table
      .getByText('Oper', { exact: false })
      .first()
      .waitFor()
      .catch(() => {});
    // 7101-0001: its SWP and its alert for each of the demo's six operators, ten a page.
    // The unfiltered page has ten rows too: wait for the filtered answer's rows (the part
    // column), or this reads the rows the address change left in place.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('table tbody tr')];
      return rows.length === 10 && rows.every((tr) => tr.querySelector('td:nth-child(3)')?.innerText.trim() === '7101-0001');
    });
    const parts = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    assert.deepEqual([...new Set(parts)], ['7101-0001']);

    // Only the overdue ones: red.
    await choose(page, page.getByRole('combobox', { name: 'State' }), 'Overdue');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('state') === 'overdue');
    await page.waitForFunction(() => [...document.querySelectorAll('table tbody tr')].every((tr) => tr.innerText.includes('Overdue')));
    const color = await table
      .locator('tbody tr')
      .first()
      .locator('td span')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    assert.equal(color, 'rgb(207, 19, 34)');
    const overdue = await table.locator('tbody tr').count();
    assert.ok(overdue >= 1, 'the demo has overdue obligations on 7101-0001');

    // Reload keeps everything; Back undoes the state filter.
    await page.reload();
    await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length === n, overdue);
    assert.equal(query(page).get('part'), '7101-0001');
    assert.equal(query(page).get('by'), 'part');
    await page.goBack();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('state'));
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 10);

    // The CSV of the same filters: a header and one line per obligation.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    assert.match(href, /obligations\.csv\?part=7101-0001/);
    const res = await page.request.get(`${suite.server.url}${href}`);
    assert.equal(res.status(), 200);
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    assert.equal(lines[0], '"Operator number","Operator","Kind","Part number","Revision","Alert","Reason","Due date (UTC)","State","Done date (UTC)"');
    assert.equal(lines.length, 13);
    assert.ok(lines.slice(1).every((l) => l.includes('"7101-0001"')));
  });

  it("the kiosk lists the operator's open obligations of its zone; one loads its part", async (page) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInKiosk(page, suite.server.url, 'A1');
    await page.getByRole('button', { name: 'Scan Badge' }).click();
    await page.getByText('Waiting for a badge scan').waitFor();
    const field = page.getByLabel('Badge');
    await field.fill('1001');
    await field.press('Tab');
    await waitForPath(page, '/island/part-select');
    const todo = page.getByLabel('To read');
    await todo.getByText('To read:').waitFor();
    const overdue = todo.getByRole('button', { name: /7101-0001/ }).first();
    await overdue.waitFor();
    assert.match(await overdue.getAttribute('class'), /dangerous/, 'overdue in red');
    // Only the demo's real documents (decision 102): no part without a deployed SWP.
    const named = await todo.getByRole('button').allInnerTexts();
    assert.ok(
      named.every((n) => /7101-0001|7101-0002|7102-0010/.test(n)),
      named.join(' | '),
    );
    await overdue.click();
    await waitForPath(page, /^\/island\/operator-status\?part=/);
  });
});
