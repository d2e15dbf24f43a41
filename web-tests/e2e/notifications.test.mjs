// Notifications (issue 27) end to end: an open Sign Off list gains an SWP submitted
// elsewhere without a reload, the bell counts it and lists it with a link to its review,
// mark-all-read empties the count and the spec's tooltip is back; Settings →
// Notifications saves a choice per kind of event.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, browserSuite, expectAccessible, login, waitForPath } from './harness.mjs';
import { uploadPendingSwp } from './swp-forms.mjs';

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
    await page.getByRole('button', { name: 'Alerts' }).hover();
    await page.getByRole('tooltip').getByText('Alerts • No alters').waitFor();
    await page.evaluate(() => (window.__sameDocument = true));
    await uploadPendingSwp(suite.server.url, PART);
    // The engineer's submit reaches this page over /api/events: the row and the count.
    await active(page).locator('tr.pd-table-row', { hasText: PART }).waitFor({ timeout: 5000 });
    await count(page).getByText('1').waitFor({ timeout: 5000 });
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload');
    await page.getByRole('button', { name: 'Alerts' }).click();
    const item = page.getByTestId('notification').filter({ hasText: `An SWP waits for your quality review: part ${PART}` });
    await item.waitFor();
    await expectAccessible(page, 'the bell list');
    await item.getByRole('link').click();
    await waitForPath(page, /^\/main\/sign-off\?review=/);
    await page.getByTestId('review-panel').waitFor();
    await page.getByRole('button', { name: 'Alerts' }).click();
    // Opened: read, and nothing is unread any more.
    await page.locator('[data-testid=notification][data-read=yes]').first().waitFor();
    await count(page).waitFor({ state: 'detached' });
    await page.getByTestId('page-title').click();
    await page.getByRole('button', { name: 'Alerts' }).hover();
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
    await page.reload();
    await table.locator('tr', { hasText: 'Your SWP was rejected' }).waitFor();
    assert.equal(await table.locator('tr', { hasText: 'Your SWP was rejected' }).getByRole('radio', { name: 'Daily digest' }).isChecked(), true);
    const api = await apiClient(suite.server.url, 'engineer1@demo.plant');
    const { data } = await api.get('/api/notifications/preferences');
    assert.equal(data.preferences.find((p) => p.kind === 'swp.rejected').channel, 'digest');
  });
});
