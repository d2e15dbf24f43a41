// badge+pin through a network outage (decisions 121, 122, 125), Chromium against the real
// binary: the kiosk loads online (the pack with the server's PIN key and who must replace a
// one-time PIN); the server stops; operators read and sign with their PIN — one right, one
// wrong, one with the one-time PIN a manager issued (their own chosen twice) — and the team
// lead verifies each with theirs; the netbook keeps only sealed PINs. The server restarts:
// the right ones are recorded once with their kiosk times (the one-time PIN replaced with
// the act), the wrong one is refused, audited, told to the team lead and shown on the kiosk,
// and its obligation stays open.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, launchBrowser, sqliteRows, startServer, waitForPath, withPage } from './harness.mjs';
import { outboxItems, signInKiosk, type } from './kiosk-profiles.mjs';
import { keptDb, keptPack, outage, scan } from './island-offline-kit.mjs';

const ENV = { PLANTDOC__SERVER__SECRET: 'island-offline-pin-e2e-secret-0123456', PLANTDOC__MODULES__ISLAND__SIGNATURE: 'badge+pin' };
const PART = '7101-0001';
const LEAD_PIN = '8093';
const email = (badge) => `op${badge}@operators.demo.plant`;
let server;
let context;
let cut;
let oneTime;

before(async () => {
  server = await startServer({ env: ENV });
  cut = outage(server, ENV);
  server.cli('user', 'pin', '--email', email('1001'), '--pin', '4826');
  server.cli('user', 'pin', '--email', email('1002'), '--pin', '2961');
  server.cli('user', 'pin', '--email', 'supervisor@demo.plant', '--pin', LEAD_PIN);
  const manager = await apiClient(server.url, 'manager.production@demo.plant');
  const issued = await manager.post('/api/users/pin/issue', { email: email('1003') });
  assert.equal(issued.status, 200, JSON.stringify(issued.data));
  oneTime = issued.data.pin;
  context = await launchBrowser();
});

after(async () => {
  await context?.close();
  cut?.kill();
  server?.stop();
});

/** Offline: the operator reads the part's SWP and signs with `pin` (a one-time one: then
 * `newPin`, typed twice); the team lead (badge 9031) verifies with their PIN. */
async function readSignVerify(page, badge, pin, newPin = null) {
  await page.goto(`${server.url}/island`);
  await page.getByText('Please scan your badge to continue').waitFor({ timeout: 20000 });
  await page.getByRole('button', { name: 'Scan Badge' }).click();
  await scan(page, badge);
  await waitForPath(page, '/island/part-select');
  await page.getByPlaceholder('Search by part number').fill(PART);
  await page.locator('.ant-select-item-option', { hasText: PART }).click();
  await waitForPath(page, /^\/island\/operator-status\?part=/);
  await page.locator('[data-status=error]', { hasText: 'Instructions' }).click();
  for (const doc of ['SWC', 'JES', 'VIS']) await page.getByRole('button', { name: `I have read the ${doc}` }).click();
  await type(page, 'PIN', pin);
  if (newPin) {
    // Nothing answers offline: the pack says this PIN is one-time, the new one is asked at once.
    await page.getByText('This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.').waitFor();
    await type(page, 'New PIN', newPin);
    await type(page, 'New PIN again', newPin);
  }
  await page.getByText('Saved on this netbook: PIN to be checked when the server answers.').waitFor();
  await page.getByRole('button', { name: 'Verify Operator' }).click();
  await scan(page, '9031');
  await type(page, 'PIN', LEAD_PIN);
  await page.getByText('Successfully Verified').waitFor();
}

describe('Island kiosk offline, badge+pin', () => {
  test(
    'sealed PINs through an outage: right ones recorded at their kiosk times, a one-time PIN replaced, a wrong one refused and told',
    withPage(
      () => context,
      'island offline badge+pin',
      async (page) => {
        await page.setViewportSize({ width: 1366, height: 768 });
        await signInKiosk(page, server.url, 'A1');
        await page.reload();
        await page.waitForFunction(() => window.__plantdocOfflineReady && navigator.serviceWorker.controller, null, { timeout: 60000 });
        const pack = await keptPack(page);
        assert.ok(pack.pinKey?.publicKey, 'the server key for sealed PINs');
        const holder = (badge) => pack.operators.find((o) => o.badge === badge);
        assert.deepEqual(
          ['1001', '1003', '9031'].map((b) => holder(b).mustReplacePin),
          [false, true, false],
        );

        await cut.stop();
        await readSignVerify(page, '1001', '4826');
        await readSignVerify(page, '1002', '5937');
        await readSignVerify(page, '1003', oneTime, '61427');

        // The netbook keeps sealed PINs only: no PIN, new PIN or hash in its IndexedDB or storage.
        const kept = await keptDb(page);
        const items = kept.outbox;
        assert.deepEqual(
          items.map((i) => i.path.replace('/api/island/', '')),
          ['operator-read-swp', 'verify-swp', 'operator-read-swp', 'verify-swp', 'operator-read-swp', 'verify-swp'],
        );
        assert.ok(items.every((i) => i.offline && i.sealedPin && !('pin' in i.body) && !('newPin' in i.body)));
        const stored = JSON.stringify(kept) + (await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })));
        for (const pin of ['4826', '5937', LEAD_PIN, oneTime, '61427']) assert.ok(!stored.includes(`"${pin}"`), `PIN ${pin} is not kept`);
        assert.doesNotMatch(stored, /argon2|pin_?hash/i);
        assert.equal(kept.kv.replaced?.[holder('1003')._id], pack.asOf, "1003's next act takes the new PIN");

        await cut.restart();
        for (let i = 0; (await outboxItems(page)).length && i < 300; i++) await page.waitForTimeout(100);
        assert.equal((await outboxItems(page)).length, 0, 'the queue is sent once the server answers');
        // The kiosk says which signature was refused (OfflineBanner's refusals).
        await page.getByTestId('outbox-refused').filter({ hasText: 'was refused when it was sent: This PIN is not correct.' }).waitFor();

        // The right ones once each, at the kiosk's times, in badge+pin.
        const rows = sqliteRows(
          server,
          `SELECT u.email, a.signed_at, a.verified_at, a.sign_mode, a.verify_mode FROM acknowledgements a JOIN users u ON u.id = a.operator_id JOIN swps s ON s.id = a.doc_id WHERE s.part_number = '${PART}' ORDER BY a.signed_at`,
        );
        const at = (n) => items[n].kioskTime;
        assert.deepEqual(rows, [
          [email('1001'), at(0), at(1), 'badge+pin', 'badge+pin'],
          [email('1003'), at(4), at(5), 'badge+pin', 'badge+pin'],
        ]);
        // The one-time PIN replaced with the act, audited as set by its owner.
        const pinSet = `SELECT p.one_time, (SELECT COUNT(*) FROM audit_log l WHERE l.action = 'auth.pin_set' AND l.target = 'user:' || u.id AND l.actor_id = u.id) FROM user_pins p JOIN users u ON u.id = p.user_id WHERE u.email = '${email('1003')}'`;
        assert.deepEqual(sqliteRows(server, pinSet), [[0, 1]]);
        // The wrong one: audited and told to the team lead; the obligation stays open.
        const refused = sqliteRows(server, "SELECT after_json FROM audit_log WHERE action = 'island.offline-refused'");
        assert.equal(refused.length, 1, JSON.stringify(refused));
        assert.equal(JSON.parse(refused[0][0]).operator, holder('1002')._id);
        const told = `SELECT COUNT(*) FROM notifications n JOIN events e ON e.seq = n.event_seq JOIN users u ON u.id = n.user_id WHERE e.kind = 'island.offline-refused' AND u.email = 'supervisor@demo.plant'`;
        assert.deepEqual(sqliteRows(server, told), [[1]]);
        const swp = pack.parts.find((p) => p.partNumber === PART).swp._id;
        const status = await page.evaluate((url) => fetch(url).then((r) => r.json()), `/api/island/operator-status/${holder('1002')._id}/${swp}`);
        assert.deepEqual([status.swpRead, status.awaitingVerification], [false, false]);
        // The next pack: 1003's PIN is their own now.
        for (let i = 0; (await keptPack(page)).operators.find((o) => o.badge === '1003').mustReplacePin && i < 100; i++) await page.waitForTimeout(100);
        assert.equal((await keptPack(page)).operators.find((o) => o.badge === '1003').mustReplacePin, false);
        assert.match(server.cli('audit', 'verify'), /chain intact/);
      },
    ),
  );
});
