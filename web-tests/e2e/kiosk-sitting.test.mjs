// One verifier scan per sitting (decision 59) and data shown as it is
// (plugins/island/README.md item 21) at the kiosk, at 1366×768, 1024×768 and on a touch
// kiosk (axe on each new screen): one verifier scan verifies every item of the sitting
// (three alerts and the instructions: four records, four audit rows); the header shows the
// new zone right after Save; reference mode's box shows the part number (also after a
// reload) and has the Video Aid; kiosk controls are at least 40 px high. The misread test
// is kiosk-misread.test.mjs (a server of its own per profile).
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, sqliteRows, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite, signInKiosk } from './kiosk-profiles.mjs';

const suite = profileSuite();
const it = suite.it;
const SUPERVISOR = '9031';

let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());
// Each profile's operator reads and is verified once.
const OPERATOR = { '1366×768': ['1004', 'Ofelia Ruiz'], '1024×768': ['1005', 'Otto Berg'], 'touch kiosk': ['1006', 'Olga Petrov'] };

async function kiosk(page, server, zone = 'A1') {
  await signInKiosk(page, server.url, zone);
  await page.reload();
  await page.getByText('Please scan your badge to continue').waitFor();
}

/** A badge reader: the digits and Enter at once. */
async function reader(page, badge) {
  await page.keyboard.type(badge, { delay: 2 });
  await page.keyboard.press('Enter');
}

async function partFor(page, profile, badge, part) {
  await reader(page, badge);
  await waitForPath(page, '/island/part-select');
  await page.getByPlaceholder('Search by part number').fill(part);
  await press(page.locator('.ant-select-item-option', { hasText: part }), profile);
  await waitForPath(page, /^\/island\/operator-status\?part=/);
}

/** Every button and status card on screen is at least 40 px high and wide. */
async function touchTargets(page, what) {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('button, [role=button], [data-status]')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.height < 40 || r.width < 40))
      .map(({ el, r }) => `${el.textContent.trim() || el.getAttribute('aria-label')} ${Math.round(r.width)}×${Math.round(r.height)}`),
  );
  assert.deepEqual(small, [], `touch targets under 40 px on ${what}`);
}

describe('Kiosk: misreads, one verifier scan per sitting, data shown as it is', () => {
  it('one verifier scan verifies the alerts and the instructions read in a row', async (page, profile) => {
    const [badge, name] = OPERATOR[profile.name];
    await kiosk(page, server, 'A1');
    await partFor(page, profile, badge, '7101-0002');
    await touchTargets(page, 'operator status');
    await press(page.locator('[data-status=error]', { hasText: 'Alerts' }), profile);
    await waitForPath(page, /^\/island\/alert-ack\?/);
    // Three alerts are in force in A1; the part counts its own (Q-2026-0001), not the
    // two of other parts.
    await page.getByText(/^(Safety|Quality|Change) Alert$/).waitFor();
    const tags = [await page.locator('.ant-layout-sider h2').innerText()];
    assert.deepEqual(tags, ['Q-2026-0001']);
    await press(page.getByText('I have fully read the alert'), profile);
    await press(page.getByRole('button', { name: 'Next' }), profile);
    await page.getByText('Verification Required').waitFor();
    await page.getByText(`Please confirm ${name} has read all the alert ${tags[0]}`).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Read the next alert' }).count(), 0, 'no other alert for this part');
    const list = page.getByRole('list', { name: 'Being verified' });
    await expectAccessible(page, 'sitting verification');
    await press(page.getByRole('button', { name: 'Read the instructions too' }), profile);
    await waitForPath(page, /^\/island\/swp-ack\?/);
    for (const doc of ['SWC', 'JES', 'VIS']) await press(page.getByRole('button', { name: `I have read the ${doc}` }), profile);
    await press(page.getByRole('button', { name: 'Verify Operator' }), profile);
    await page.getByText(`Please confirm ${name} has read all of these:`).waitFor();
    await list.getByText('Instructions for part 7101-0002').waitFor();
    await list.getByText(`Alert ${tags[0]}`).waitFor();
    assert.equal(await list.locator('li').count(), 2);
    await touchTargets(page, 'verification');
    // One scan: a verify call for each.
    const verifies = [];
    page.on('request', (r) => r.url().includes('/api/island/verify-') && verifies.push(r.url().split('/').pop()));
    await page.keyboard.type(SUPERVISOR, { delay: 2 });
    await page.keyboard.press('Tab');
    await page.getByText('Successfully Verified').waitFor();
    await page.getByText(`${name} has successfully been verified for part number 7101-0002`).waitFor();
    await page.getByText(`${name} has read the necessary alert (${tags.join(', ')}) for this part number`).waitFor();
    await expectAccessible(page, 'sitting verified');
    assert.deepEqual(verifies.sort(), ['verify-alert', 'verify-swp']);
    const rows = sqliteRows(
      server,
      `SELECT a.doc_kind, COUNT(*) FROM acknowledgements a JOIN users u ON u.id = a.operator_id WHERE u.badge = '${badge}' AND a.verified_at IS NOT NULL GROUP BY a.doc_kind ORDER BY a.doc_kind`,
    );
    assert.deepEqual(rows, [
      ['alert', 1],
      ['swp', 1],
    ]);
    const audited = sqliteRows(
      server,
      `SELECT COUNT(*) FROM audit_log WHERE action = 'island.verify' AND after_json LIKE '%' || (SELECT id FROM users WHERE badge = '${badge}') || '%'`,
    );
    assert.deepEqual(audited, [[2]]);
    await press(page.getByRole('button', { name: 'Back to Status' }), profile);
    await page.locator('[data-status=success]', { hasText: 'Alerts' }).waitFor();
    await page.locator('[data-status=success]', { hasText: 'Instructions' }).waitFor();
  });

  it('the header shows the new zone after Save; reference mode shows the part number and the Video Aid', async (page, profile) => {
    await kiosk(page, server, 'A1');
    await page.getByTestId('kiosk-zone').getByText('Zone: A1').waitFor();
    await page.goto(`${server.url}/island/settings`);
    await page.getByLabel('Badge').waitFor();
    await reader(page, '9001');
    await page.getByText('Current zone: A1').waitFor();
    await page.getByLabel('What zone does this netbook belong to?').click();
    await press(page.locator('.ant-select-item-option', { hasText: 'B Zone 1' }), profile);
    await press(page.getByRole('button', { name: 'Save' }), profile);
    await waitForPath(page, '/island/part-select');
    await page.getByTestId('kiosk-zone').getByText('Zone: B1').waitFor({ timeout: 3000 });
    await page.goto(`${server.url}/island/reference`);
    const box = page.getByPlaceholder('Search by part number');
    await box.fill('7101-000');
    await press(page.locator('.ant-select-item-option', { hasText: '7101-0001' }), profile);
    await waitForPath(page, /^\/island\/reference\?part=/);
    assert.equal(await box.inputValue(), '7101-0001', 'the number, not the id');
    await page.reload();
    await page.getByRole('button', { name: 'JES' }).waitFor();
    await page.waitForFunction(() => document.querySelector('input[placeholder="Search by part number"]')?.value === '7101-0001');
    const video = page.getByRole('button', { name: 'Video' });
    await video.waitFor();
    assert.equal(await video.isDisabled(), true, 'the demo parts have no video');
    await touchTargets(page, 'reference');
    await expectAccessible(page, 'reference with a part');
  });
});
