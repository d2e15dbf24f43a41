// Alerts page end to end: the demo alerts show in Browse; an engineer uploads an alert
// through the Upload tab (a real PDF), the engineer stage (engineer2) and the manager
// stage (the process manager) approve through the API, and the alert shows in All
// Approved, opens in the detail view, and is in the zone's kiosk feed. axe on every screen.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, browserSuite, expectAccessible, login, waitForPath } from './harness.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './harness.mjs';

// A real one-page PDF: the module's demo alert.
const ALERT_PDF = fs.readFileSync(path.join(ROOT, 'plugins/alerts/demo/alert.pdf'));

const suite = browserSuite();
const it = suite.it;
const PART = 'E2E-ALERT-7';

const apiAs = (email) => apiClient(suite.server.url, email);
const active = (page) => page.locator('[role=tabpanel].ant-tabs-content-active');
const row = (page, text) => active(page).locator('tr.pd-table-row', { hasText: text });

async function open(page, tab) {
  await page.goto(`${suite.server.url}/main/alerts${tab ? `?tab=${encodeURIComponent(tab)}` : ''}`);
}

describe('Alerts page', () => {
  let uploaded;

  it('shows the demo alerts and uploads an alert through the form', async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, /^\/main\//);
    await open(page);
    for (const tab of ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Upload']) {
      await page.getByRole('tab', { name: tab, exact: true }).waitFor();
    }
    await row(page, 'S-2026-0001').waitFor();
    await expectAccessible(page, '/main/alerts (Browse)');
    await page.getByRole('tab', { name: 'Upload', exact: true }).click();
    await waitForPath(page, '/main/alerts?tab=upload');
    // Server field errors under the fields.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('error-alertFile').waitFor();
    await page.getByTestId('error-partNumber').waitFor();
    await expectAccessible(page, '/main/alerts (Upload, errors)');
    await page.locator('input[type=file]').setInputFiles([{ name: 'alert.pdf', mimeType: 'application/pdf', buffer: ALERT_PDF }]);
    await page.waitForFunction(() => document.querySelectorAll('.ant-upload-list-item-done').length === 1, null, { timeout: 15000 });
    await page.locator('.ant-select:has(#alertType)').click();
    await page.locator('.ant-select-item-option', { hasText: 'Safety' }).click();
    await page.locator('#partNumber').fill(PART);
    await page.getByText('A Zone 1', { exact: true }).click();
    await page.locator('#changes').fill('Gloves on');
    await page.getByText('131 characters left').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Your standard work package has been submitted.').waitFor({ timeout: 20000 });
    await expectAccessible(page, '/main/alerts (Upload, success)');
    await page.getByRole('button', { name: 'Back to Alerts' }).click();
    await waitForPath(page, '/main/alerts');
    await open(page, 'my-pending');
    const r = row(page, PART);
    await r.waitFor();
    assert.equal(
      await r
        .locator('td')
        .filter({ hasText: /^Pending$/ })
        .count(),
      2,
    );
    await expectAccessible(page, '/main/alerts (My Pending)');
    const mine = await (await apiAs('engineer1@demo.plant')).get('/api/alerts/user-pending-alerts');
    uploaded = mine.data.find((a) => a.partNumber === PART);
    assert.ok(uploaded, 'the upload is pending');
    assert.match(uploaded.alertTag, /^S-\d{4}-\d{4}$/);
  });

  it('is approved by the engineer then the manager stage and shows in All Approved and the kiosk feed', async (page) => {
    assert.ok(uploaded, 'needs the upload');
    for (const who of ['engineer2@demo.plant', 'manager.process@demo.plant']) {
      const c = await apiAs(who);
      const r = await c.post(`/api/alerts/approve/${uploaded._id}`, { reviewNote: `ok from ${who}` });
      assert.equal(r.status, 200, `${who} approve: ${JSON.stringify(r.data)}`);
    }
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, /^\/main\//);
    await open(page, 'all-approved');
    const r = row(page, uploaded.alertTag);
    await r.waitFor();
    // The status in words (decision 57), never the API's lower-case value.
    await r.getByText('Deployed', { exact: true }).waitFor();
    assert.equal(await r.getByText('deployed', { exact: true }).count(), 0);
    await expectAccessible(page, '/main/alerts (All Approved)');
    await r.getByText(uploaded.alertTag).click();
    await page.getByTestId('alert-detail').waitFor();
    assert.match(page.url(), /alert=/);
    await page.locator('iframe').waitFor();
    await expectAccessible(page, '/main/alerts (detail)');
    // Back (the browser's) returns to the list.
    await page.goBack();
    await row(page, uploaded.alertTag).waitFor();
    const kiosk = await apiAs('kiosk@demo.plant');
    const feed = await kiosk.get('/api/alerts/operator-alerts/zone/A1');
    assert.equal(feed.status, 200, JSON.stringify(feed.data));
    assert.ok(
      feed.data.some((a) => a.alertTag === uploaded.alertTag && a.url),
      'in the zone feed',
    );
  });
});
