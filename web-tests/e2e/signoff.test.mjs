// Sign Off end to end: an engineer uploads an SWP in the form; the three stage reviewers
// each approve it on the Sign Off page; it shows as 'Release' in Browse. A second upload
// is rejected with a note on the page, and the author sees 'Rejected' and the note in
// My Pending. axe-core runs on every screen opened.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, expectAccessible, leaveSignedIn, login, waitForPath } from './harness.mjs';
import { openTab, uploadSwpThroughForm } from './swp-forms.mjs';

const suite = browserSuite();
const it = suite.it;
const PART = 'E2E-SIGNOFF-7';
const REVIEWERS = ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant'];
const NOTE = 'The JES shows the old torque table.';

const active = (page) => page.locator('[role=tabpanel].ant-tabs-content-active');
const row = (page, text) => active(page).locator('tr.pd-table-row', { hasText: text });

/** Signs in as `who`, opens Sign Off and the SWP of PART in the review view. */
async function openReview(page, who) {
  await login(page, suite.server.url, who);
  await waitForPath(page, '/main/swps');
  await page.goto(`${suite.server.url}/main/sign-off`);
  await waitForPath(page, '/main/sign-off');
  await active(page).getByText('Pending My Approval').waitFor();
  const r = row(page, PART);
  await r.waitFor();
  await expectAccessible(page, `/main/sign-off as ${who}`);
  await r.getByText(PART, { exact: true }).click();
  await page.getByTestId('review-panel').waitFor();
  await waitForPath(page, /^\/main\/sign-off\?review=/);
  await page.locator('[data-testid=document-viewer] iframe').waitFor();
  await expectAccessible(page, `/main/sign-off review as ${who}`);
}

describe('Sign Off page', () => {
  it('the engineer uploads an SWP in the form', async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await expectAccessible(page, '/main/swps');
    await openTab(page, 'Upload');
    await expectAccessible(page, '/main/swps Upload');
    await uploadSwpThroughForm(page, { part: PART });
    await expectAccessible(page, '/main/swps Upload success');
  });

  it('the three stage reviewers approve it on the Sign Off page; it is Release in Browse', async (page) => {
    for (const who of REVIEWERS) {
      await openReview(page, who);
      // Reload lands on the same review (state in the URL).
      const at = new URL(page.url());
      await page.reload();
      await page.getByTestId('review-panel').waitFor();
      assert.equal(new URL(page.url()).search, at.search);
      // The sections switch the document and are in the URL.
      await page.getByRole('button', { name: 'JES' }).click();
      await waitForPath(page, /section=jes/);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Successfully approved the SWP').waitFor();
      await page.getByText('All Done!').waitFor();
      await page.getByText('You have approved all of the SWP documents on your list. Nice job.').waitFor();
      await expectAccessible(page, `All Done as ${who}`);
      await page.getByRole('button', { name: 'Back to SWPs' }).click();
      await waitForPath(page, '/main/sign-off');
      await active(page).getByText('Pending My Approval').waitFor();
      assert.equal(await active(page).locator('table').count(), 0, 'no table when nothing is pending');
      await leaveSignedIn(page);
    }
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    const browse = row(page, PART);
    await browse.waitFor();
    await browse.getByText('Release', { exact: true }).waitFor();
  });

  it('a second upload is rejected with a note; the author sees Rejected and the note', async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await uploadSwpThroughForm(page, { part: PART, change: 'New torque values' });
    await leaveSignedIn(page);

    await openReview(page, 'approver.quality@demo.plant');
    // No note: the server's error shows under the note box.
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByTestId('error-reviewNote').waitFor();
    await expectAccessible(page, 'reject error');
    await page.getByPlaceholder('Enter a note for the author').fill(NOTE);
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Successfully rejected the SWP').waitFor();
    await page.getByText('All Done!').waitFor();
    await leaveSignedIn(page);

    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await openTab(page, 'My Pending');
    await waitForPath(page, '/main/swps?tab=my-pending');
    const r = row(page, PART);
    await r.waitFor();
    const rejected = r.getByText('Rejected', { exact: true });
    await rejected.waitFor();
    assert.equal(await rejected.evaluate((el) => getComputedStyle(el).color), 'rgb(207, 19, 34)');
    await r.getByText('Alma Kerr', { exact: false }).waitFor();
    await r.getByText(NOTE, { exact: false }).waitFor();
    await expectAccessible(page, '/main/swps My Pending (rejected)');
    // Reload keeps the tab.
    await page.reload();
    await row(page, PART).waitFor();
  });
});
