// The island kiosk end to end at 1366×768 on the demo plant (`plantdoc seed demo`: the
// kiosk account, badge-only operators, deployed demo SWPs with real PDFs): settings with
// and without permission, the zone error page, reference mode, the full instruction flow,
// no lost signature across a server restart, Sign Out, a second operator's badge that
// signs the first one out, and revoke.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, launchBrowser, settled, sqliteRows, startServer, waitForPath, withPage } from './harness.mjs';
import { outboxItems, signInKiosk } from './kiosk-profiles.mjs';
import { outage } from './island-offline-kit.mjs';
import { reader } from './badge-reader.mjs';

let server;
let context;
let cut = null;
const ctx = () => context;
const it = (name, body) =>
  test(
    name,
    withPage(ctx, name, async (page) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await body(page);
    }),
  );
// A fixed secret: CSRF tokens and links stay valid across the restart test.
const SECRET = 'island-e2e-secret-0123456789abcdef';

before(async () => {
  server = await startServer({ env: { PLANTDOC__SERVER__SECRET: SECRET } });
  cut = outage(server, { PLANTDOC__SERVER__SECRET: SECRET });
  context = await launchBrowser();
});

after(async () => {
  await context?.close();
  cut?.kill();
  server?.stop();
});

/** The kiosk signed in, its zone set on the netbook, at /island. */
async function kiosk(page, zone = 'A1') {
  await signInKiosk(page, server.url, zone);
}

async function scan(page, badge) {
  const field = page.getByLabel('Badge');
  await field.fill(badge);
  await field.press('Tab');
}

async function chooseOperatorAndPart(page, badge, part, then = /^\/island\/operator-status\?part=/) {
  await page.getByRole('button', { name: 'Scan Badge' }).click();
  await page.getByText('Waiting for a badge scan').waitFor();
  await scan(page, badge);
  await waitForPath(page, '/island/part-select');
  await page.getByPlaceholder('Search by part number').fill(part);
  await page.locator('.ant-select-item-option', { hasText: part }).click();
  await waitForPath(page, then);
}

/**
 * A badge reader over an operator's screen, once its badge capture (a chunk of its own,
 * loaded with the screen) listens: read again only while the badge was not looked up.
 */
async function scanOver(page, badge) {
  for (let i = 0; i < 3; i++) {
    const heard = page.waitForRequest((r) => r.url().endsWith(`/operator-from-badge/${badge}`), { timeout: 3000 }).catch(() => null);
    await reader(page, badge);
    if (await heard) return;
  }
  throw new Error(`badge ${badge} was not looked up`);
}

async function readAll(page) {
  for (const doc of ['SWC', 'JES', 'VIS']) await page.getByRole('button', { name: `I have read the ${doc}` }).click();
  await page.getByText('Awaiting Verification').waitFor();
}

describe('Island kiosk', () => {
  it('settings: no permission for a supervisor, a process manager sets the zone', async (page) => {
    await kiosk(page, '');
    await page.goto(`${server.url}/island/settings`);
    await page.getByText('Scan your badge to change the settings of this netbook').waitFor();
    await expectAccessible(page, 'settings badge');
    await scan(page, '9031');
    await page.getByText('You currently do not have permissions to edit the settings. Contact the process engineering manager to request access.').waitFor();
    await expectAccessible(page, 'settings no permission');
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/island/part-select');
    await page.getByText('Hello stranger! What part number do you want to load?').waitFor();
    await expectAccessible(page, 'part select');
    await page.getByRole('button', { name: 'Settings' }).click();
    await scan(page, '9001');
    await page.getByText('Current zone: Not Set').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save' }).isDisabled(), true);
    await expectAccessible(page, 'settings');
    await page.getByLabel('What zone does this netbook belong to?').click();
    await page.locator('.ant-select-item-option', { hasText: 'A Zone 1' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await waitForPath(page, '/island/part-select');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('plantdoc.kiosk')).zone), 'A1');
  });

  it('a netbook without a zone shows the zone error page', async (page) => {
    await kiosk(page, '');
    await chooseOperatorAndPart(page, '1003', '7101-0001', '/island/error/zone');
    await page.getByText('Error: Zone Not Set').waitFor();
    await page
      .getByText(
        'This netbook does not belong to any zone. Displaying alerts will not be possible until the settings are changed. Please contact a Process Engineer to set the zone.',
      )
      .waitFor();
    await page.mouse.move(0, 0); // the pointer left over Back would show its hover shade
    await expectAccessible(page, 'zone error');
    await page.goto(`${server.url}/island/error/other`);
    await page.getByText('Error: Unknown').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await waitForPath(page, '/island');
  });

  it('reference mode shows instructions with the warning', async (page) => {
    await kiosk(page);
    await page.getByRole('button', { name: 'Reference Screen' }).click();
    await waitForPath(page, '/island/reference');
    await page.getByText('REFERENCE ONLY').waitFor();
    await page.getByText('Operators accessing this screen may not have received training in order to view the part instructions displayed').waitFor();
    await page.getByPlaceholder('Search by part number').fill('7101');
    await page.locator('.ant-select-item-option', { hasText: '7101-0002' }).click();
    await page.locator('iframe[title="Standard Work Chart"]').waitFor();
    await expectAccessible(page, 'reference');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await waitForPath(page, '/island');
  });

  it('the full instruction flow: read, verify, green status, history', async (page) => {
    await kiosk(page, 'B1'); // the demo alerts are in force in A1-A3 only
    await expectAccessible(page, 'start');
    await chooseOperatorAndPart(page, '1001', '7101-0001');
    const card = page.locator('[data-status]', { hasText: 'Instructions' });
    await card.waitFor();
    const t = await page.evaluate(() => [window.__badgeMs, window.__statusShownMs]);
    console.log(`# badge scan → operator known: ${t[0]} ms; part chosen → status page shown: ${t[1]} ms`);
    assert.equal(await card.getAttribute('data-status'), 'error');
    await page.getByRole('button', { name: 'Back' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Continue' }).count(), 0);
    await expectAccessible(page, 'status red');
    await card.click();
    await waitForPath(page, /^\/island\/swp-ack\?/);
    await page.getByText('Your Progress').waitFor();
    await page.locator('iframe[title="Standard Work Chart"]').waitFor();
    await expectAccessible(page, 'swp-ack');
    await readAll(page);
    await page.getByRole('button', { name: 'Verify Operator' }).click();
    await page.getByText('Verification Required').waitFor();
    await page.getByText('Please confirm Olivia Grant has read all the instructions for part 7101-0001').waitFor();
    await expectAccessible(page, 'verification');
    // The operator's own badge is refused; the error shows and the field is cleared.
    await scan(page, '1001');
    await page.getByText('Operators cannot verify themselves. Another person must scan their own badge.').waitFor();
    assert.equal(await page.getByLabel('Badge').inputValue(), '');
    await scan(page, '9031');
    await page.getByText('Successfully Verified').waitFor();
    await page.getByText('Olivia Grant has successfully been verified for part number 7101-0001').waitFor();
    await expectAccessible(page, 'verified');
    await page.getByRole('button', { name: 'Back to Status' }).click();
    await waitForPath(page, /^\/island\/operator-status\?/);
    await page.locator('[data-status=success]', { hasText: 'Instructions' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, /^\/island\/interface\?/);
    await page.getByText('7101-0001').first().waitFor();
    await expectAccessible(page, 'interface');
    await page.getByRole('button', { name: 'History' }).click();
    for (const col of ['Operator', 'Employee', 'Signed', 'Verifier', 'Verfied', 'Expires'])
      await page.getByRole('columnheader', { name: col, exact: true }).waitFor();
    const row = page.locator('tr.ant-table-row', { hasText: 'Olivia Grant' });
    await row.waitFor();
    assert.match(await row.innerText(), /OP1001[\s\S]*Sam Ortiz/);
    assert.equal(await row.getAttribute('data-expired'), 'false');
    await expectAccessible(page, 'history');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByText('Settings have been temporarily disabled').waitFor();
    await page.getByRole('button', { name: 'Alerts' }).click();
    await page.getByText('There are no current issued alerts for this zone').waitFor();
    // Sign Out clears the operator; the operator screens send back to /island, whether
    // reached by Back (wherever the browser's history lands: Chromium may skip entries)
    // or by their address.
    const interfaceUrl = page.url();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/island');
    await page.goBack();
    await waitForPath(page, (p) => !/^\/island\/(operator-status|interface|swp-ack|alert-ack)/.test(p));
    assert.equal(await page.getByText('Olivia Grant').count(), 0);
    await page.goto(interfaceUrl);
    await waitForPath(page, '/island');
  });

  it('the alert flow: read, verify, Alert Approved, until no alert is left', async (page) => {
    await kiosk(page, 'A1');
    await chooseOperatorAndPart(page, '1004', '7101-0002');
    for (let round = 0; ; round++) {
      const alerts = page.locator('[data-status]', { hasText: 'Alerts' });
      await alerts.waitFor();
      if ((await alerts.getAttribute('data-status')) === 'success') break;
      assert.ok(round < 2, "three demo alerts are in force in A1, one of them this part's");
      await alerts.click();
      await waitForPath(page, /^\/island\/alert-ack\?/);
      await page.getByText(/^(Safety|Quality|Change) Alert$/).waitFor();
      const tag = await page.locator('.ant-layout-sider h2').innerText();
      assert.equal(await page.getByRole('button', { name: 'Next' }).isDisabled(), true);
      if (round === 0) await expectAccessible(page, 'alert-ack');
      await page.getByText('I have fully read the alert').click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText(`Please confirm Ofelia Ruiz has read all the alert ${tag}`).waitFor();
      if (round === 0) await expectAccessible(page, 'alert verification');
      await scan(page, '9031');
      await page.getByText('Alert Approved').waitFor();
      await page.getByText(`Ofelia Ruiz has read the necessary alert (${tag}) for this part number`).waitFor();
      if (round === 0) await expectAccessible(page, 'alert approved');
      await page.getByRole('button', { name: 'Back to Status' }).click();
      await waitForPath(page, /^\/island\/operator-status\?/);
    }
    // The part counts its own alert, not the zone's two others (other parts').
    const verified = sqliteRows(server, "SELECT COUNT(*) FROM acknowledgements WHERE doc_kind = 'alert' AND verified_at IS NOT NULL");
    assert.deepEqual(verified, [[1]]);
  });

  it("a second operator's badge signs the first one out and the new one in; a reading screen asks first", async (page) => {
    await kiosk(page, 'B1');
    await chooseOperatorAndPart(page, '1002', '7102-0010');
    await page.getByText('Omar Haddad (OP1002)').waitFor();
    const reading = page.url().replace('/operator-status?', '/swp-ack?');
    // The status page: the badge reader's burst, no field focused, switches at once.
    await scanOver(page, '1001');
    await waitForPath(page, '/island/part-select');
    await page.getByText('Hello Olivia Grant! What part number do you want to load?').waitFor();
    assert.equal(await page.evaluate(() => JSON.parse(sessionStorage.getItem('plantdoc.island.operator')).fullName), 'Olivia Grant');
    // A reading screen asks; Cancel keeps Olivia Grant where she was.
    await page.goto(reading);
    await page.getByRole('button', { name: 'I have read the SWC' }).waitFor();
    await scanOver(page, '1002');
    const dialog = page.getByRole('dialog', { name: 'Sign out Olivia Grant?' });
    await dialog.getByText('Omar Haddad scanned their badge. What Olivia Grant has read and not signed yet is lost.').waitFor();
    await expectAccessible(page, 'badge switch dialog');
    for (const name of ['Cancel', 'Sign out and switch'])
      assert.ok((await dialog.getByRole('button', { name }).boundingBox()).height >= 40, `${name}: a touch target`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.match(new URL(page.url()).pathname, /^\/island\/swp-ack/);
    await page.getByRole('button', { name: 'I have read the SWC' }).waitFor();
  });

  it('no lost signature: the server restarts between the read and the verification', async (page) => {
    await kiosk(page, 'B1');
    await chooseOperatorAndPart(page, '1002', '7102-0010');
    await page.locator('[data-status=error]', { hasText: 'Instructions' }).click();
    await page.getByRole('button', { name: 'I have read the SWC' }).click();
    await page.getByRole('button', { name: 'I have read the JES' }).click();
    await cut.stop();
    await page.getByRole('button', { name: 'I have read the VIS' }).click();
    await page.getByText('Saved on this netbook. It will be sent as soon as the server answers.').waitFor();
    // Kept in IndexedDB with the time it was made, to be sent as an offline signature.
    const [kept] = await outboxItems(page);
    assert.equal((await outboxItems(page)).length, 1);
    assert.equal(kept.offline, true);
    await cut.restart();
    for (let i = 0; (await outboxItems(page)).length && i < 150; i++) await page.waitForTimeout(100);
    assert.equal((await outboxItems(page)).length, 0, 'the outbox is sent once the server answers');
    await page.getByRole('button', { name: 'Verify Operator' }).click();
    await scan(page, '9031');
    await page.getByText('Successfully Verified').waitFor();
    const rows = sqliteRows(
      server,
      "SELECT a.version_hash = s.content_hash, a.verified_at IS NOT NULL FROM acknowledgements a JOIN swps s ON s.id = a.doc_id WHERE s.part_number = '7102-0010'",
    );
    assert.deepEqual(rows, [[1, 1]], 'exactly one sign record, verified, with the version hash');
  });

  it('revoke ends the netbook session', async (page) => {
    await kiosk(page);
    await page.goto(`${server.url}/island/settings`);
    await scan(page, '9021');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Revoke access to this netbook?').waitFor();
    await expectAccessible(page, 'revoke dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Revoke access to this netbook?').waitFor();
    // A click on the button while the dialog still zooms in can miss it.
    await settled(page);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/island/revoke', { timeout: 20000 });
    await page.getByRole('button', { name: 'Revoke' }).click();
    assert.equal((await answer).status(), 200, 'the server revoked the netbook');
    // Revoke leaves for the landing page (a full load): let it arrive first.
    await waitForPath(page, '/');
    await page.waitForLoadState('load');
    // The netbook must sign in again.
    await page.goto(`${server.url}/island`);
    await waitForPath(page, /^\/login/);
  });
});
