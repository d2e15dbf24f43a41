// The console's state in the address (decision 60), at 1366×768, 1024×768 and on a touch
// screen (axe on each new screen): list state in the address (Browse, All Approved,
// Verification History, the alert lists, the training matrix's filters) survives a reload
// and Back; a deep link opened signed out returns there after sign-in; the part search page
// is reached from Browse rows and the SWP viewer ('Details'). The training matrix's part is
// training-state.test.mjs.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, leaveSignedIn, login, signInFormReady, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite } from './kiosk-profiles.mjs';

let server;
before(async () => {
  server = await startServer({ release: '2.0' });
});
after(() => server?.stop());
const suite = profileSuite();
const it = suite.it;
const MANAGER = 'manager.process@demo.plant';

async function signIn(page, path) {
  await leaveSignedIn(page);
  await login(page, server.url, MANAGER);
  // Sign-in hashes the password (argon2): on a machine busy with a build it can take more
  // than the default 10 s; this waits for the state, longer.
  await waitForPath(page, /^\/main/, 30000);
  if (path) await page.goto(`${server.url}${path}`);
}

const partLink = (page, part) => page.getByTestId('part-link').filter({ hasText: part });
const query = (page) => Object.fromEntries(new URL(page.url()).searchParams);
const sortOf = (page, title) => page.locator('th', { hasText: title }).getAttribute('aria-sort');

describe('Console: state in the address, return after sign-in, Details', () => {
  it('Browse and All Approved keep search, sort and page size over a reload and Back', async (page, profile) => {
    await signIn(page, '/main/swps');
    const search = page.getByPlaceholder('Search Part Number');
    await search.fill('7101');
    await page.waitForURL((u) => new URL(u).searchParams.get('q') === '7101');
    await partLink(page, '7101-0002').waitFor();
    await press(page.locator('th', { hasText: 'Deployed' }).getByRole('button'), profile);
    await page.waitForURL((u) => new URL(u).searchParams.get('sort') === 'deployDate.timestamp');
    await page.getByLabel('Rows per page').selectOption('5');
    await page.waitForURL((u) => new URL(u).searchParams.get('size') === '5');
    assert.deepEqual(query(page), { q: '7101', sort: 'deployDate.timestamp', size: '5' });
    await page.reload();
    await partLink(page, '7101-0002').waitFor();
    assert.equal(await search.inputValue(), '7101');
    assert.equal(await sortOf(page, 'Deployed'), 'ascending');
    assert.equal(await page.getByLabel('Rows per page').inputValue(), '5');
    assert.equal(await partLink(page, '7102-0010').count(), 0, 'the search is applied');
    await page.goBack();
    await page.waitForURL((u) => !new URL(u).searchParams.get('size'));
    assert.equal(await page.getByLabel('Rows per page').inputValue(), '10');
    // All Approved: its own default sort (Deployed descending), kept the same way.
    await page.goto(`${server.url}/main/swps?tab=all-approved`);
    await page.getByText('Deployed', { exact: true }).first().waitFor();
    await press(page.locator('th', { hasText: 'Part Number' }).getByRole('button'), profile);
    await page.waitForURL((u) => new URL(u).searchParams.get('sort') === 'partNumber');
    await page.reload();
    await partLink(page, '7101-0001').waitFor();
    assert.equal(await sortOf(page, 'Part Number'), 'ascending');
  });

  it('Verification History keeps the part; Details leads to the part search page with zones Edit', async (page, profile) => {
    await signIn(page, '/main/swps?tab=verification-history');
    const box = page.getByRole('combobox');
    await box.fill('7101');
    await press(page.locator('.ant-select-item-option', { hasText: '7101-0001' }), profile);
    await page.waitForURL((u) => new URL(u).searchParams.get('pn') === '7101-0001');
    await page.getByText('Past Revisions Signed Within 90 Days').waitFor();
    await page.reload();
    await page.getByText('Past Revisions Signed Within 90 Days').waitFor();
    assert.equal(await page.getByRole('combobox').inputValue(), '7101-0001');
    // Browse rows: Details.
    await page.goto(`${server.url}/main/swps`);
    await press(page.getByRole('link', { name: 'Details of 7101-0002' }), profile);
    await waitForPath(page, '/main/swps/search?pn=7101-0002&view=details');
    await page.getByTestId('swp-details').waitFor();
    await page.getByText('Edit', { exact: true }).waitFor();
    await expectAccessible(page, 'part search details');
    await page.reload();
    await page.getByTestId('swp-details').waitFor();
    // The SWP viewer: Details too.
    await page.goto(`${server.url}/main/swps`);
    await press(partLink(page, '7102-0010'), profile);
    await page.getByTestId('swp-viewer').waitFor();
    await press(page.getByRole('link', { name: 'Details of 7102-0010' }), profile);
    await waitForPath(page, '/main/swps/search?pn=7102-0010&view=details');
    await page.getByTestId('swp-details').waitFor();
  });

  it('an alert list keeps its sort and page size over opening an alert, a reload and Back', async (page, profile) => {
    await signIn(page, '/main/alerts');
    await page.getByTestId('alert-link').first().waitFor();
    await press(page.locator('th', { hasText: 'Part' }).getByRole('button'), profile);
    await page.waitForURL((u) => new URL(u).searchParams.get('sort') === 'partNumber');
    await page.getByLabel('Rows per page').selectOption('5');
    await page.waitForURL((u) => new URL(u).searchParams.get('size') === '5');
    await press(page.getByTestId('alert-link').first(), profile);
    await page.waitForURL((u) => new URL(u).searchParams.get('alert'));
    await page.goBack();
    await page.getByTestId('alert-link').first().waitFor();
    assert.deepEqual(query(page), { sort: 'partNumber', order: 'ascend', size: '5' });
    await page.reload();
    await page.getByTestId('alert-link').first().waitFor();
    assert.equal(await sortOf(page, 'Part'), 'ascending');
    assert.equal(await page.getByLabel('Rows per page').inputValue(), '5');
    await expectAccessible(page, 'alert list sorted');
  });

  it('a deep link opened signed out returns there after sign-in', async (page) => {
    await page.context().clearCookies();
    await page.goto(`${server.url}/main/swps?tab=all-approved&q=7102`);
    await waitForPath(page, '/login?tab=all-approved&q=7102');
    await page.getByLabel('Email').fill(MANAGER);
    await signInFormReady(page);
    await page.getByLabel('Password', { exact: true }).fill('Demo-Plant-2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await waitForPath(page, '/main/swps?tab=all-approved&q=7102');
    await partLink(page, '7102-0010').waitFor();
    assert.equal(await page.getByPlaceholder('Search Part Number').inputValue(), '7102');
  });
});
