// Sign Off, Alerts tab, end to end: an engineer uploads an alert in the Alerts form; the
// engineer stage (another process engineer) and the manager stage (the quality manager)
// approve it on the Sign Off page; a second alert is rejected there with a note, and the
// author's pending list has it rejected with the note. axe-core runs on every screen.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, browserSuite, expectAccessible, leaveSignedIn, login, waitForPath } from './harness.mjs';
import { openTab, pdf } from './swp-forms.mjs';

const suite = browserSuite();
const it = suite.it;
const PART = 'E2E-ALERT-5';
const NOTE = 'Wrong part on the alert.';

async function uploadAlert(page) {
  await login(page, suite.server.url, 'engineer1@demo.plant');
  await waitForPath(page, '/main/swps');
  await page.goto(`${suite.server.url}/main/alerts`);
  await openTab(page, 'Upload');
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles([pdf('alert.pdf')]);
  await page.waitForFunction(() => document.querySelectorAll('.ant-upload-list-item-done').length === 1, null, { timeout: 15000 });
  await page.locator('#partNumber').fill(PART);
  await page.getByText('A Zone 1', { exact: true }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Success!').waitFor({ timeout: 20000 });
  const eng = await apiClient(suite.server.url, 'engineer1@demo.plant');
  const mine = (await eng.get('/api/alerts/user-pending-alerts')).data;
  const ours = mine.filter((a) => a.partNumber === PART && a.status !== 'rejected');
  assert.ok(ours.length, 'the alert is pending');
  await leaveSignedIn(page);
  return ours[ours.length - 1];
}

/** Opens the alert on Sign Off's Alerts tab as `who`, then gives the verdict. */
async function review(page, who, alert, verdict, note = '') {
  await login(page, suite.server.url, who);
  await waitForPath(page, /^\/main\//);
  await page.goto(`${suite.server.url}/main/sign-off?tab=alerts`);
  const r = page.locator('tr.pd-table-row', { hasText: alert.alertTag });
  await r.waitFor();
  await expectAccessible(page, `Sign Off Alerts as ${who}`);
  await r.getByText(alert.alertTag, { exact: true }).click();
  await page.getByTestId('review-panel').waitFor();
  await page.getByTestId('alert-document').locator('iframe').waitFor();
  await expectAccessible(page, `alert review as ${who}`);
  if (note) await page.getByPlaceholder('Enter a note for the author').fill(note);
  await page.getByRole('button', { name: verdict }).click();
  await page.getByText(`Successfully ${verdict === 'Approve' ? 'approved' : 'rejected'} the Alert`).waitFor();
  await leaveSignedIn(page);
}

describe('Sign Off, Alerts tab', () => {
  it('the engineer and manager stages approve an uploaded alert on the page', async (page) => {
    const alert = await uploadAlert(page);
    await review(page, 'engineer2@demo.plant', alert, 'Approve');
    await review(page, 'manager.quality@demo.plant', alert, 'Approve');
    const eng = await apiClient(suite.server.url, 'engineer1@demo.plant');
    const deployed = (await eng.get('/api/alerts/user-deployed-alerts')).data;
    assert.ok(
      deployed.some((a) => a._id === alert._id),
      'the alert is deployed',
    );
  });

  it('a rejected alert carries the note back to its author', async (page) => {
    const alert = await uploadAlert(page);
    await review(page, 'engineer2@demo.plant', alert, 'Reject', NOTE);
    const eng = await apiClient(suite.server.url, 'engineer1@demo.plant');
    const mine = (await eng.get('/api/alerts/user-pending-alerts')).data.find((a) => a._id === alert._id);
    assert.equal(mine.approvals.engineer.status, 'Rejected');
    assert.equal(mine.approvals.engineer.note, NOTE);
    await login(page, suite.server.url, 'engineer1@demo.plant');
    // Signed in (where to is the return-after-sign-in's choice: this page was the reviewer's).
    await waitForPath(page, /^\/main\//, 30000);
    await page.goto(`${suite.server.url}/main/alerts`);
    await openTab(page, 'My Pending');
    const r = page.locator('tr.pd-table-row', { hasText: alert.alertTag });
    await r.getByText('Rejected', { exact: false }).first().waitFor();
    await expectAccessible(page, '/main/alerts My Pending (rejected)');
  });
});
