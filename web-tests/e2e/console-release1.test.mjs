// The console in release 1.0: sidebar states, the module pages and their tabs, the
// dashboard redirect, coming-soon, not-found, the top bar. A second plantdoc runs with
// a 1.0 module switched off, to see the 'Not available in this package' state.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, launchBrowser, login, startServer, waitForPath, withPage } from './harness.mjs';

let server;
let trimmed;
let context;
const it = (name, body) =>
  test(
    name,
    withPage(() => context, name, body),
  );

before(async () => {
  [server, trimmed] = await Promise.all([startServer(), startServer({ env: { PLANTDOC__MODULES__SIGNOFF__ENABLED: 'false' } })]);
  context = await launchBrowser();
});

after(async () => {
  await context?.close();
  server?.stop();
  trimmed?.stop();
});

const drawer = (page) => page.getByTestId('drawer');
const tabs = (page) => page.locator('.ant-tabs-nav').first().getByRole('tab');

async function signIn(page, base = server.url, email = 'manager.process@demo.plant') {
  await login(page, base, email);
  await waitForPath(page, '/main/swps');
}

describe('release 1.0 console', () => {
  it('groups the drawer (256 wide) and links the enabled modules', async (page) => {
    await signIn(page);
    const box = await drawer(page).boundingBox();
    assert.equal(Math.round(box.width), 256);
    const text = await drawer(page).innerText();
    const order = ['Document Control', 'Sign Off', 'SWPs', 'Alerts', 'Production', 'Dashboard', 'Training', 'Engineering', 'Kanban', 'Settings'];
    let at = -1;
    for (const word of order) {
      const i = text.indexOf(word, at + 1);
      assert.ok(i > at, `'${word}' out of place in the drawer:\n${text}`);
      at = i;
    }
    for (const [label, route] of [
      ['Sign Off', '/main/sign-off'],
      ['SWPs', '/main/swps'],
      ['Alerts', '/main/alerts'],
      ['Settings', '/main/settings'],
    ]) {
      assert.equal(await drawer(page).getByRole('link', { name: label, exact: true }).getAttribute('href'), route);
    }
  });

  it('marks release 2.0 modules and leads them to /main/coming-soon', async (page) => {
    await signIn(page);
    for (const label of ['Dashboard', 'Training', 'Kanban']) {
      const link = drawer(page).getByRole('link', { name: new RegExp(`^${label}`) });
      assert.equal(await link.getAttribute('href'), '/main/coming-soon');
      assert.match(await link.innerText(), /Release 2\.0/);
    }
    await drawer(page)
      .getByRole('link', { name: /^Training/ })
      .click();
    await waitForPath(page, '/main/coming-soon');
    await page.locator('.ant-result-title').getByText('Coming Soon').waitFor();
    await page.getByText('Training will be available in release 2.0.').waitFor();
    await page.getByTestId('page-title').getByText('Coming Soon').waitFor();
    await expectAccessible(page, '/main/coming-soon');
  });

  it('redirects /main and the disabled dashboard to /main/swps', async (page) => {
    await signIn(page);
    await page.goto(`${server.url}/main`);
    await waitForPath(page, '/main/swps');
    await page.goto(`${server.url}/main/dashboard`);
    await waitForPath(page, '/main/swps');
  });

  it('shows each module page with its tabs', async (page) => {
    await signIn(page);
    const pages = [
      ['SWPs', ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Verification History', 'Upload']],
      ['Alerts', ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Upload']],
      ['Sign Off', ['SWPs', 'Alerts']],
      ['Settings', ['Manage Users', 'Add Users', 'Account', 'Notifications']],
    ];
    for (const [label, names] of pages) {
      await drawer(page).getByRole('link', { name: label, exact: true }).click();
      await page.getByTestId('page-title').getByText(label, { exact: true }).waitFor();
      await tabs(page).first().waitFor();
      assert.deepEqual(await tabs(page).allInnerTexts(), names, `tabs of ${label}`);
      await expectAccessible(page, label);
    }
    // A manager administers users: no restriction notice.
    assert.equal(await page.getByText('This feature is currently restricted').count(), 0);
  });

  it('restricts user administration for non-managers', async (page) => {
    await signIn(page, server.url, 'engineer1@demo.plant');
    await page.goto(`${server.url}/main/settings`);
    await page.getByText('This feature is currently restricted by request of the process engineering manager.').waitFor();
    await expectAccessible(page, '/main/settings (restricted)');
  });

  it('has the bell tooltip and the profile menu', async (page) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Notifications' }).hover();
    await page.getByRole('tooltip').getByText('Alerts • No alters').waitFor();
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectAccessible(page, 'profile menu');
  });

  it('shows the not-found page for unknown paths', async (page) => {
    await signIn(page);
    await page.goto(`${server.url}/main/no-such-page`);
    await page.getByText("The page you are looking for can't be found.").waitFor();
    await drawer(page).waitFor();
    await expectAccessible(page, '/main/no-such-page');
    await page.goto(`${server.url}/swps/elsewhere`);
    await page.getByText("The page you are looking for can't be found.").waitFor();
    await expectAccessible(page, '/swps/elsewhere');
  });

  it('greys out a module this package leaves out, with its tooltip', async (page) => {
    await signIn(page, trimmed.url);
    const item = drawer(page).locator('li.ant-menu-item', { hasText: 'Sign Off' });
    assert.match(await item.getAttribute('class'), /ant-menu-item-disabled/);
    assert.equal(await drawer(page).getByRole('link', { name: 'Sign Off' }).count(), 0);
    await item.getByText('Sign Off').hover();
    await page.getByRole('tooltip').getByText('Not available in this package').waitFor();
    // Its route answers with the same state, and its remote is not served.
    await page.goto(`${trimmed.url}/main/sign-off`);
    await page.locator('.ant-result-subtitle').getByText('Not available in this package').waitFor();
    await expectAccessible(page, '/main/sign-off (left out)');
    const res = await page.request.get(`${trimmed.url}/remotes/signoff/remoteEntry.js`);
    assert.equal(res.status(), 404);
  });
});
