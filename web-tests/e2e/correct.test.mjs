// 'Submit a corrected version' (decision 65), at 1366×768 and 1024×768 with axe-core on
// each new view: an engineer's SWP is rejected with a note; the author sees it Rejected,
// with the reviewer, the date and the note, in My Pending; 'Submit a corrected version'
// opens the Upload form filled from it (part, zones, the rejection above); the new upload
// is linked to the rejected one, and the reviewer's review view says so.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, expectAccessible, leaveSignedIn, login, startServer, waitForPath } from './harness.mjs';
import { profileSuite } from './kiosk-profiles.mjs';
import { openTab, pdf, uploadSwpThroughForm } from './swp-forms.mjs';

const NOTE = 'The JES shows the old torque table.';
const AUTHOR = 'engineer1@demo.plant';
const REJECTER = 'approver.quality@demo.plant';
const REVIEWER = 'approver.process@demo.plant';

let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());
const it = profileSuite(['1366×768', '1024×768']).it;

const active = (page) => page.locator('[role=tabpanel].ant-tabs-content-active');
const row = (page, text) => active(page).locator('tr.pd-table-row', { hasText: text });

/**
 * axe on an SWPs page view; at 1024 px the seven tabs overflow into antd's 'more' button
 * inside role=tablist (known, review-kit.test.mjs): there the check covers the panel.
 */
const swpsAccessible = (page, what, profile) =>
  expectAccessible(page, what, profile.viewport.width > 1024 ? {} : { include: '[role=tabpanel].ant-tabs-content-active' });

describe('a rejected SWP and its corrected version', () => {
  it('is Rejected for its author, whose correction is filled from it and linked for the reviewer', async (page, profile) => {
    const part = `E2E-FIX-${profile.viewport.width}`;
    await leaveSignedIn(page);
    await login(page, server.url, AUTHOR);
    await waitForPath(page, '/main/swps');
    await uploadSwpThroughForm(page, { part });
    // The quality reviewer rejects it with a note.
    const author = await apiClient(server.url, AUTHOR);
    const mine = await author.get('/api/swps/user-pending-swps');
    const swp = mine.data.find((s) => s.partNumber === part);
    assert.ok(swp, 'the upload is pending');
    const r = await (await apiClient(server.url, REJECTER)).post(`/api/swps/reject/${swp._id}`, { reviewNote: NOTE });
    assert.equal(r.status, 200, JSON.stringify(r.data));

    // My Pending: Rejected in its stage, who and when and the note, and the way forward.
    await page.goto(`${server.url}/main/swps?tab=my-pending`);
    const line = row(page, part);
    await line.waitFor();
    await line.getByText('Rejected in the Quality review', { exact: true }).waitFor();
    await line.getByText(/^Alma Kerr, /).waitFor();
    assert.equal(await line.getByTestId('review-note').textContent(), `“${NOTE}”`);
    assert.equal(await line.getByText('Not reviewed', { exact: true }).count(), 2, 'the other stages are not waiting');
    await swpsAccessible(page, `My Pending with a rejected SWP (${profile.name})`, profile);

    // The Upload form, filled from the rejected SWP.
    await line.getByRole('button', { name: 'Submit a corrected version' }).click();
    await page.getByRole('tab', { name: 'Upload', exact: true, selected: true }).waitFor();
    await waitForPath(page, new RegExp(`corrects=${swp._id}`));
    const notice = page.getByTestId('corrects-notice');
    await notice.waitFor();
    assert.match(await notice.textContent(), new RegExp(`Corrected version of the SWP for part ${part} rejected on .* by Alma Kerr`));
    assert.ok((await notice.textContent()).includes(NOTE));
    assert.equal(await page.locator('#partNumber').inputValue(), part);
    assert.equal(await page.getByLabel('A Zone 1', { exact: true }).isChecked(), true);
    await swpsAccessible(page, `Upload a corrected version (${profile.name})`, profile);
    const inputs = page.locator('input[type=file]');
    await inputs.nth(0).setInputFiles([pdf('swc-fixed.pdf')]);
    await inputs.nth(1).setInputFiles([pdf('jes-fixed.pdf')]);
    await inputs.nth(2).setInputFiles([pdf('vis-fixed.pdf')]);
    await page.waitForFunction(() => document.querySelectorAll('.ant-upload-list-item-done').length === 3, null, { timeout: 15000 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Success!').waitFor({ timeout: 20000 });
    // Back in My Pending, the correction is in review beside the rejected one.
    await openTab(page, 'My Pending');
    assert.equal(await row(page, part).count(), 2);
    await row(page, part).getByText('In review', { exact: true }).waitFor();

    // The reviewer's review view names the rejection it answers.
    const fixed = (await author.get('/api/swps/user-pending-swps')).data.find((s) => s.partNumber === part && s.status === 'pending');
    assert.equal(fixed?.corrects?._id, swp._id);
    await leaveSignedIn(page);
    await login(page, server.url, REVIEWER);
    await waitForPath(page, /^\/main\//);
    await page.goto(`${server.url}/main/sign-off?review=${fixed._id}`);
    const link = page.getByTestId('corrects-link');
    await link.waitFor();
    assert.match(await link.textContent(), new RegExp(`^Corrects the version rejected on [A-Z][a-z]{2}-\\d{2}-\\d{2} \\d{2}:\\d{2}[ap]m: ${NOTE}$`));
    await page.locator('[data-testid=document-viewer] iframe').waitFor();
    await expectAccessible(page, `review of a corrected version (${profile.name})`);
  });
});
