// Two-component signatures (decision 63) at the kiosk, in badge+pin mode on the demo plant:
// the operator reads the instructions and signs with the one-time PIN a manager issued,
// replacing it with their own; the supervisor scans their badge, types a wrong PIN (the
// refusal shows under the field), then the right one; both signatures are recorded as
// badge+pin. Settings → Account sets a staff member's own PIN. Verification History and the
// part's details link the part's auditor's file, whose PDF and CSV hold those signatures.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, expectAccessible, launchBrowser, login, sqliteRows, startServer, waitForPath, itAtSize } from './harness.mjs';
import { signInKiosk, type } from './kiosk-profiles.mjs';

let server;
let context;
const it = itAtSize(() => context);

before(async () => {
  server = await startServer({ env: { PLANTDOC__MODULES__ISLAND__SIGNATURE: 'badge+pin' } });
  context = await launchBrowser();
});
after(async () => {
  await context?.close();
  server?.stop();
});

describe('Audit-ready records: badge + PIN signatures and the auditor’s file', () => {
  it('the operator and the verifier each sign with badge and PIN', async (page) => {
    const manager = await apiClient(server.url, 'manager.production@demo.plant');
    const issued = await manager.post('/api/users/pin/issue', { email: 'op1001@operators.demo.plant' });
    assert.equal(issued.status, 200, JSON.stringify(issued.data));
    server.cli('user', 'pin', '--email', 'supervisor@demo.plant', '--pin', '8093');

    await signInKiosk(page, server.url, 'A1');
    await page.reload();
    await page.getByRole('button', { name: 'Scan Badge' }).click();
    await type(page, 'Badge', '1001');
    await waitForPath(page, '/island/part-select');
    await page.getByPlaceholder('Search by part number').fill('7101-0001');
    await page.locator('.ant-select-item-option', { hasText: '7101-0001' }).click();
    await waitForPath(page, /^\/island\/operator-status\?part=/);
    await page.locator('[data-status=error]', { hasText: 'Instructions' }).click();
    for (const doc of ['SWC', 'JES', 'VIS']) await page.getByRole('button', { name: `I have read the ${doc}` }).click();
    // The read is signed with the PIN: the one-time PIN asks for the operator's own.
    await page.getByText('Enter your PIN').waitFor();
    assert.equal(sqliteRows(server, 'SELECT COUNT(*) FROM acknowledgements')[0][0], 0, 'nothing recorded before the PIN');
    await type(page, 'PIN', issued.data.pin);
    await page.getByText('This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.').waitFor();
    await expectAccessible(page, 'new PIN');
    // Typed twice (decision 100).
    await type(page, 'New PIN', '1111');
    await type(page, 'New PIN again', '1111');
    await page
      .getByRole('alert')
      .getByText(/too easy to guess/)
      .waitFor();
    await type(page, 'New PIN', '61427');
    await type(page, 'New PIN again', '61427');
    await page.getByText('Awaiting Verification').waitFor();
    // The verifier: badge, then PIN.
    await page.getByRole('button', { name: 'Verify Operator' }).click();
    await type(page, 'Badge', '9031');
    await type(page, 'PIN', '8094');
    await page.getByRole('alert').getByText('This PIN is not correct. If you have no PIN yet, please ask your manager for one.').waitFor();
    await type(page, 'PIN', '8093');
    await page.getByText('Successfully Verified').waitFor();
    assert.deepEqual(sqliteRows(server, "SELECT sign_mode, verify_mode FROM acknowledgements WHERE doc_kind = 'swp'"), [['badge+pin', 'badge+pin']]);
    // The PIN never reaches the netbook's storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    for (const pin of [issued.data.pin, '61427', '8093']) assert.ok(!stored.includes(pin), `PIN ${pin} kept on the netbook`);
  });

  it('Settings → Account sets one’s own PIN with the password', async (page) => {
    await login(page, server.url, 'supervisor@demo.plant');
    await waitForPath(page, /^\/main\//);
    await page.goto(`${server.url}/main/settings?tab=account`);
    await page.getByLabel('New PIN').fill('4826');
    await page.getByLabel('Your password').fill('not my password');
    await page.getByRole('button', { name: 'Save PIN' }).click();
    await page.getByText('Incorrect password.').waitFor();
    await page.getByLabel('Your password').fill('Demo-Plant-2026');
    await page.getByRole('button', { name: 'Save PIN' }).click();
    await page.getByText('Your PIN is saved. Use it after your badge at the kiosk.').waitFor();
    await expectAccessible(page, 'account PIN');
    const hash = sqliteRows(server, "SELECT p.pin_hash FROM user_pins p JOIN users u ON u.id = p.user_id WHERE u.email = 'supervisor@demo.plant'")[0][0];
    assert.match(hash, /^\$argon2id\$/);
  });

  it("Verification History and the part's details link the auditor's file", async (page) => {
    await login(page, server.url, 'manager.quality@demo.plant');
    await waitForPath(page, /^\/main\//);
    await page.goto(`${server.url}/main/swps?tab=verification-history`);
    await page.getByRole('combobox').fill('7101');
    await page.locator('.ant-select-item-option', { hasText: '7101-0001' }).click();
    const link = page.getByRole('link', { name: "Auditor's file", exact: true });
    assert.equal(await link.getAttribute('href'), '/api/swps/audit-file/7101-0001.pdf');
    await expectAccessible(page, 'verification history with the link');
    const pdf = await page.request.get(`${server.url}/api/swps/audit-file/7101-0001.pdf`);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    const csv = await (await page.request.get(`${server.url}/api/swps/audit-file/7101-0001.csv`)).text();
    // The kiosk test's signatures, with their mode and the files read (decision 82: language and hash).
    assert.match(csv, /"signature","0",.*"Read","badge\+pin","operator; read SWC in the original \([0-9a-f]{64}\)/);
    assert.match(csv, /"signature","0",.*"Verified","badge\+pin","verifier of /);
    await page.goto(`${server.url}/main/swps/search?pn=7101-0001&view=details`);
    await page.getByTestId('swp-details').waitFor();
    assert.equal(await page.getByRole('link', { name: "Auditor's file as CSV" }).getAttribute('href'), '/api/swps/audit-file/7101-0001.csv');
  });
});
