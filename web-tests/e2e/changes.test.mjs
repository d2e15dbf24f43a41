// Change Control (release 2.0) end to end on the demo plant: an engineer raises a change
// request for an SWP with an effective day in A1, the process and the quality stages
// approve it in turn (each reviewer a different person), a quality manager closes it with
// a reason; the request and the list's filters live in the address (reload keeps them),
// and the pages pass axe at 1366×768 and 1024×768.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuite, expectAccessible, leaveSignedIn, login, waitForPath } from './harness.mjs';

const suite = browserSuite({ server: { release: '2.0' } });
const it = suite.it;

const query = (page) => new URL(page.url()).searchParams;
const tomorrow = () => new Date(Date.now() + 86400000).toISOString().slice(0, 10);

async function openAs(page, email, path) {
  await leaveSignedIn(page);
  await login(page, suite.server.url, email);
  await waitForPath(page, /^\/main/);
  await page.goto(`${suite.server.url}${path}`);
}

describe('change control', () => {
  it('a change request from creation to closed, every step in the address', async (page) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openAs(page, 'engineer1@demo.plant', '/main/changes');
    await page.getByRole('button', { name: 'New change request' }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('new') === '1');
    await page.getByLabel('Title').fill('Torque 12 Nm on the bracket');
    await page.getByLabel('Reason for the change').fill('8D-1234: loose bolts at final inspection');
    await page.locator('#cr-refs').fill('8D-1234');
    await page.locator('#cr-refs').press('Enter');
    await page.locator('#cr-swps').fill('7101-0001');
    await page.locator('#cr-swps').press('Enter');
    await page.getByRole('checkbox', { name: 'A Zone 1' }).check();
    await page.getByLabel('Effective in A Zone 1').fill(tomorrow());
    await expectAccessible(page, 'new change request (1366)');
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.waitForFunction(() => /^CR-\d{4}-\d{4}$/.test(new URL(location.href).searchParams.get('request') || ''));
    const number = query(page).get('request');
    await page.getByText('In review').first().waitFor();
    await page.getByText(tomorrow()).waitFor();

    // The process stage first, then quality: different people.
    // Each approval's answer is awaited (the reviewer's name is also in the header, so
    // seeing it proves nothing): the next sign-in would abort a request still in flight.
    const approve = async () => {
      const answered = page.waitForResponse((r) => r.url().includes('/api/changes/approve/') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Approve my stage' }).click();
      assert.equal((await answered).status(), 200);
    };
    await openAs(page, 'approver.process@demo.plant', `/main/changes?request=${number}`);
    await approve();
    await page.getByText('Arturo Diaz').first().waitFor();
    await openAs(page, 'approver.quality@demo.plant', `/main/changes?request=${number}`);
    await approve();
    await page.getByText('Approved', { exact: true }).first().waitFor();
    await page.getByText('0 of 1 zones live').waitFor();

    // The list: filtered by state in the address, kept on reload; 1024 wide.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${suite.server.url}/main/changes?state=approved`);
    await page.getByRole('button', { name: number }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: number }).waitFor();
    assert.equal(query(page).get('state'), 'approved');
    await expectAccessible(page, 'change requests (1024)');

    // A quality manager closes it with a reason; Back returns to the list.
    await openAs(page, 'manager.quality@demo.plant', `/main/changes?state=approved`);
    await page.getByRole('button', { name: number }).click();
    await page.waitForFunction((n) => new URL(location.href).searchParams.get('request') === n, number);
    await page.getByLabel('Reason for closing').fill('Verified on the line');
    await page.getByRole('button', { name: 'Close change request' }).click();
    await page.getByText(/Verified on the line/).waitFor();
    await page.getByText('Closed', { exact: true }).first().waitFor();
    await expectAccessible(page, 'closed change request (1024)');
    await page.goBack();
    await waitForPath(page, '/main/changes?state=approved');
  });
});
