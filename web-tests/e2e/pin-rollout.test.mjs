// Rolling badge + PIN out (decision 100), at 1366×768, 1024×768 and on a touch kiosk (axe on
// each new screen): a manager issues a zone's sheet of one-time PINs in Manage Users; at
// the kiosk an operator of the zone signs with the sheet's PIN, chooses their own PIN
// typed twice (a mismatch is asked again), and the verifier witnesses. One server; each
// profile walks with another operator (a sheet replaces the zone's PINs, so each walk
// uses the sheet it printed).
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { choose, expectAccessible, leaveSignedIn, login, sqliteRows, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite, signInKiosk, type } from './kiosk-profiles.mjs';

const suite = profileSuite();
const it = suite.it;
const OPERATOR = { '1366×768': ['1001', 'OP1001'], '1024×768': ['1002', 'OP1002'], 'touch kiosk': ['1003', 'OP1003'] };

let server;
before(async () => {
  server = await startServer({ env: { PLANTDOC__MODULES__ISLAND__SIGNATURE: 'badge+pin' } });
  server.cli('user', 'pin', '--email', 'supervisor@demo.plant', '--pin', '8093');
});
after(() => server?.stop());

/** Manage Users → the zone's sheet: answers the one-time PIN printed for `opNo`. */
async function issueSheet(page, profile, opNo) {
  await login(page, server.url, 'manager.production@demo.plant');
  await waitForPath(page, /^\/main\//);
  await page.goto(`${server.url}/main/settings`);
  const card = page.getByTestId('zone-pins');
  await card.getByText('Signature PINs for a zone').waitFor();
  // The users' table below loads too: its rows move nothing once shown (run 29 lost a
  // click on the confirmation while the page was still laying out at 1024×768).
  await page.getByRole('link', { name: 'Sam Ortiz' }).waitFor();
  await choose(page, card.getByLabel('Zone'), 'A Zone 1');
  await press(card.getByRole('button', { name: 'Issue PINs for the zone' }), profile);
  await page.getByText('Every operator of zone A Zone 1 gets a new one-time PIN; PINs they chose stop working. Go on?').waitFor();
  await press(page.getByRole('button', { name: 'Issue PINs', exact: true }), profile);
  await page.getByText('Every operator of zone A Zone 1 gets a new one-time PIN; PINs they chose stop working. Go on?').waitFor({ state: 'hidden' });
  const sheet = page.getByTestId('pin-sheet');
  // Six argon2id hashes: seconds in a debug build on a busy machine.
  await sheet.getByText('One-time PINs, zone A Zone 1').waitFor({ timeout: 60000 });
  await sheet.getByText('Shown once: print it or note it now. It cannot be shown again.').waitFor();
  await expectAccessible(page, 'zone PIN sheet');
  const row = sheet.locator('tr', { hasText: opNo });
  const pin = (await row.locator('td').nth(2).textContent()).trim();
  assert.match(pin, /^\d{6}$/);
  // The print stylesheet shows the sheet alone.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await sheet.locator('.pd-no-print').isVisible(), false, 'buttons are not printed');
  for (const part of ['.ant-tabs-nav', '.ant-layout-sider', 'header'])
    assert.equal(await page.locator(part).first().isVisible(), false, `${part} is not printed`);
  assert.equal(await row.locator('td').nth(2).isVisible(), true);
  await page.emulateMedia({ media: 'screen' });
  await press(sheet.getByRole('button', { name: 'Done' }), profile);
  await sheet.waitFor({ state: 'detached' });
  return pin;
}

describe('Badge + PIN rollout: a zone sheet, a one-time PIN at the kiosk, one’s own PIN typed twice', () => {
  it('a manager issues a zone sheet; the operator signs with its PIN and chooses their own', async (page, profile) => {
    const [badge, opNo] = OPERATOR[profile.name];
    const oneTime = await issueSheet(page, profile, opNo);
    await leaveSignedIn(page);

    await signInKiosk(page, server.url, 'A1');
    await page.reload();
    await press(page.getByRole('button', { name: 'Scan Badge' }), profile);
    await type(page, 'Badge', badge);
    await waitForPath(page, '/island/part-select');
    await page.getByPlaceholder('Search by part number').fill('7101-0001');
    await press(page.locator('.ant-select-item-option', { hasText: '7101-0001' }), profile);
    await waitForPath(page, /^\/island\/operator-status\?part=/);
    await press(page.locator('[data-status=error]', { hasText: 'Instructions' }), profile);
    for (const doc of ['SWC', 'JES', 'VIS']) await press(page.getByRole('button', { name: `I have read the ${doc}` }), profile);
    await page.getByText('Enter your PIN').waitFor();
    await type(page, 'PIN', oneTime);
    await page.getByText('This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.').waitFor();
    await page.getByText('Not your badge or operator number, not one digit repeated (1111), not a run like 1234 or 4321.', { exact: false }).waitFor();
    await expectAccessible(page, 'choose a new PIN');
    // Typed twice; two different entries are asked again, the badge is refused.
    await type(page, 'New PIN', '61427');
    await page.getByText('Type your new PIN again.').waitFor();
    await type(page, 'New PIN again', '61428');
    await page.getByRole('alert').getByText('The two PINs are not the same. Please choose your PIN again.').waitFor();
    await type(page, 'New PIN', badge);
    await type(page, 'New PIN again', badge);
    await page.getByRole('alert').getByText('A PIN cannot be your badge or operator number. Please choose another.').waitFor();
    await expectAccessible(page, 'a refused new PIN');
    await type(page, 'New PIN', '61427');
    await type(page, 'New PIN again', '61427');
    await page.getByText('Awaiting Verification').waitFor();
    await press(page.getByRole('button', { name: 'Verify Operator' }), profile);
    // The operator's own badge is refused at once, before any PIN; the field stays a badge field.
    await type(page, 'Badge', badge);
    await page.getByText('Operators cannot verify themselves. Another person must scan their own badge.').waitFor();
    assert.equal(await page.getByLabel('PIN', { exact: true }).count(), 0);
    await type(page, 'Badge', '9031');
    await type(page, 'PIN', '8093');
    await page.getByText('Successfully Verified').waitFor();
    const email = `${opNo.toLowerCase()}@operators.demo.plant`;
    const modes = sqliteRows(
      server,
      `SELECT a.sign_mode, a.verify_mode FROM acknowledgements a JOIN users u ON u.id = a.operator_id WHERE u.email = '${email}' AND a.doc_kind = 'swp'`,
    );
    assert.deepEqual(modes, [['badge+pin', 'badge+pin']]);
    assert.deepEqual(sqliteRows(server, `SELECT p.one_time FROM user_pins p JOIN users u ON u.id = p.user_id WHERE u.email = '${email}'`), [[0]]);
  });
});
