// Notifications (decision 66) end to end: an open Sign Off list gains an SWP submitted
// elsewhere without a reload, the bell counts it and lists it with a link to its review,
// mark-all-read empties the count and the spec's tooltip is back; Settings →
// Notifications saves a choice per kind of event; an open kiosk status page says that a
// new revision of its part was deployed, within 2 s, without a reload.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, browserSuite, expectAccessible, launchBrowser, login, waitForPath } from './harness.mjs';
import { signInKiosk } from './kiosk-profiles.mjs';
import { uploadPendingSwp, uploadSwpThroughForm } from './swp-forms.mjs';

const suite = browserSuite();
const it = suite.it;
const PART = 'E2E-NOTIFY-1';
const REVIEWER = 'approver.quality@demo.plant';

const active = (page) => page.locator('[role=tabpanel].ant-tabs-content-active');
const count = (page) => page.getByTestId('bell-count').locator('.ant-badge-count');

describe('notifications', () => {
  it('an open Sign Off list and the bell follow an SWP submitted elsewhere, without a reload', async (page) => {
    await login(page, suite.server.url, REVIEWER);
    await waitForPath(page, '/main/swps');
    await page.goto(`${suite.server.url}/main/sign-off`);
    await active(page).getByText('Pending My Approval').waitFor();
    assert.equal(await active(page).locator('tr.pd-table-row', { hasText: PART }).count(), 0);
    await page.getByRole('button', { name: 'Notifications' }).hover();
    await page.getByRole('tooltip').getByText('Alerts • No alters').waitFor();
    await page.evaluate(() => (window.__sameDocument = true));
    await uploadPendingSwp(suite.server.url, PART);
    // The engineer's submit reaches this page over /api/events: the row and the count.
    await active(page).locator('tr.pd-table-row', { hasText: PART }).waitFor({ timeout: 5000 });
    await count(page).getByText('1').waitFor({ timeout: 5000 });
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    await page.getByRole('button', { name: 'Notifications' }).click();
    const item = page.getByTestId('notification').filter({ hasText: `An SWP waits for your quality review: part ${PART}` });
    await item.waitFor();
    await expectAccessible(page, 'the bell list');
    await item.getByRole('link').click();
    await waitForPath(page, /^\/main\/sign-off\?review=/);
    await page.getByTestId('review-panel').waitFor();
    await page.getByRole('button', { name: 'Notifications' }).click();
    // Opened: read, and nothing is unread any more.
    await page.locator('[data-testid=notification][data-read=yes]').first().waitFor();
    await count(page).waitFor({ state: 'detached' });
    await page.getByTestId('page-title').click();
    await page.getByRole('button', { name: 'Notifications' }).hover();
    await page.getByRole('tooltip').getByText('Alerts • No alters').waitFor();
  });

  it('Settings → Notifications saves a choice per kind of event', async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await page.goto(`${suite.server.url}/main/settings?tab=notifications`);
    const table = page.getByTestId('notification-settings');
    const rejected = table.locator('tr', { hasText: 'Your SWP was rejected' });
    await rejected.waitFor();
    assert.equal(await rejected.getByRole('radio', { name: 'E-mail' }).isChecked(), true, 'default: e-mail');
    await expectAccessible(page, '/main/settings?tab=notifications');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'POST'),
      rejected.getByText('Daily digest').click(),
    ]);
    await page.getByTestId('preference-saved').getByText('Saved: Your SWP was rejected.').waitFor();
    await page.reload();
    await table.locator('tr', { hasText: 'Your SWP was rejected' }).waitFor();
    assert.equal(await table.locator('tr', { hasText: 'Your SWP was rejected' }).getByRole('radio', { name: 'Daily digest' }).isChecked(), true);
    const api = await apiClient(suite.server.url, 'engineer1@demo.plant');
    const { data } = await api.get('/api/notifications/preferences');
    assert.equal(data.preferences.find((p) => p.kind === 'swp.rejected').channel, 'digest');
  });

  it('an open kiosk status page says a new revision of its part was deployed', async (page) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInKiosk(page, suite.server.url, 'B1');
    await page.getByRole('button', { name: 'Scan Badge' }).click();
    const badge = page.getByLabel('Badge');
    await badge.fill('1001');
    await badge.press('Tab');
    await waitForPath(page, '/island/part-select');
    await page.getByPlaceholder('Search by part number').fill('7101-0001');
    await page.locator('.ant-select-item-option', { hasText: '7101-0001' }).click();
    await waitForPath(page, /^\/island\/operator-status\?part=/);
    const card = page.locator('[data-status]', { hasText: 'Instructions' });
    await card.waitFor();
    await page.evaluate(() => (window.__sameDocument = true));
    // Elsewhere: the engineer uploads a new revision (a browser of its own) and the three
    // stages approve it.
    const other = await launchBrowser();
    try {
      const tab = await other.newPage();
      await login(tab, suite.server.url, 'engineer1@demo.plant');
      await waitForPath(tab, '/main/swps');
      await uploadSwpThroughForm(tab, { part: '7101-0001', change: 'New torque table.' });
    } finally {
      await other.close();
    }
    let id = null;
    for (const who of ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant']) {
      const api = await apiClient(suite.server.url, who);
      id ??= (await api.get('/api/swps/pending-my-approval')).data.swps.find((x) => x.partNumber === '7101-0001')._id;
      assert.equal((await api.post(`/api/swps/approve/${id}`, { reviewNote: '' })).status, 200);
    }
    const shownBy = Date.now() + 2000;
    await card.getByTestId('new-revision').waitFor({ timeout: 4000 });
    assert.ok(Date.now() <= shownBy, 'within 2 s of the deploy');
    assert.equal(await card.getAttribute('data-status'), 'error');
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
  });
});
