// The console in release 2.0 (every module on), with the alerts remote missing from the
// server's files: the demo dashboard, training and kanban pages, and a remote that fails
// to load without taking the console down.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, launchBrowser, login, startServer, waitForPath, withPage } from './harness.mjs';

let server;
let context;
const it = (name, body) =>
  test(
    name,
    withPage(() => context, name, body),
  );

before(async () => {
  server = await startServer({ release: '2.0', missingRemotes: ['alerts'] });
  context = await launchBrowser();
});

after(async () => {
  await context?.close();
  server?.stop();
});

const drawer = (page) => page.getByTestId('drawer');

async function signIn(page) {
  await login(page, server.url, 'manager.process@demo.plant');
  await waitForPath(page, '/main/dashboard');
}

describe('release 2.0 console', () => {
  it('links every module, none marked for a later release', async (page) => {
    await signIn(page);
    for (const [label, route] of [
      ['Dashboard', '/main/dashboard'],
      ['Training', '/main/training'],
      ['Kanban', '/main/kanban'],
      ['SWPs', '/main/swps'],
    ]) {
      assert.equal(await drawer(page).getByRole('link', { name: label, exact: true }).getAttribute('href'), route);
    }
    assert.equal(await drawer(page).getByText('Release 2.0').count(), 0);
    await expectAccessible(page, '/main/dashboard (loading)');
  });

  it("shows the plant's own figures after its spinner (the demo plant's, not sample data)", async (page) => {
    await signIn(page);
    const started = Date.now();
    await page.getByTestId('dashboard-loading').waitFor();
    await page.getByTestId('figure-deployed').waitFor();
    assert.ok(Date.now() - started >= 700, 'the spinner lasts about 1000 ms');
    // The demo plant: three SWPs and three alerts deployed, overdue readings.
    await page.getByTestId('figure-deployed').locator('.ant-statistic-content', { hasText: /^3$/ }).waitFor();
    await page.getByTestId('figure-alerts').locator('.ant-statistic-content', { hasText: /^3$/ }).waitFor();
    await page
      .getByTestId('figure-overdue')
      .locator('.ant-statistic-content', { hasText: /^[1-9]/ })
      .waitFor();
    assert.equal(await page.getByText(/demonstration purposes. Data updates are paused/).count(), 0);
    await page.getByRole('img', { name: 'Signatures This Week' }).waitFor();
    await expectAccessible(page, '/main/dashboard');

    const dialog = new Promise((resolve) => page.once('dialog', (d) => d.dismiss().then(() => resolve(d.message()))));
    await page.getByRole('button', { name: 'Add Chart' }).click();
    assert.equal(await dialog, 'This feature has been temporarily disabled for demonstration purposes.');

    for (const tab of ['Statistics', 'Trends']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText('This feature is available in release 2.0.').filter({ visible: true }).first().waitFor();
    }
    await page.getByRole('tab', { name: 'Outline' }).waitFor();
  });

  it('shows the training and kanban pages with their tabs', async (page) => {
    await signIn(page);
    await drawer(page).getByRole('link', { name: 'Training', exact: true }).click();
    await page.getByRole('tab', { name: 'Training Matrix' }).waitFor();
    await expectAccessible(page, '/main/training');
    await drawer(page).getByRole('link', { name: 'Kanban', exact: true }).click();
    for (const tab of ['Process Engineering', 'Quality Engineering', 'Production']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    await expectAccessible(page, '/main/kanban');
  });

  it('keeps a remote that fails to load inside its page', async (page) => {
    await signIn(page);
    const res = await page.request.get(`${server.url}/remotes/alerts/remoteEntry.js`);
    assert.equal(res.status(), 404);
    await drawer(page).getByRole('link', { name: 'Alerts', exact: true }).click();
    await page.getByText('The Alerts module could not be loaded.').waitFor({ timeout: 20000 });
    await expectAccessible(page, '/main/alerts (remote missing)');
    // The rest of the console still works.
    await drawer(page).getByRole('link', { name: 'SWPs', exact: true }).click();
    await page.getByRole('tab', { name: 'Verification History' }).waitFor();
    await drawer(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByTestId('figure-deployed').waitFor();
  });
});
