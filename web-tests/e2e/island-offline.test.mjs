// The kiosk through a network outage (decision 122), Chromium against the real binary:
// the kiosk loads online and keeps its application (service worker) and its zone's
// offline pack (IndexedDB); the server process stops; /island reloads from the service
// worker; with the page's clock, a simulated shift: two operators read an SWP and a team
// lead verifies each; the server restarts on the same port and data; every signature
// arrives once with its kiosk time, the obligations close and `plantdoc audit verify`
// passes. Then an outage longer than `offline_max_hours` stops the documents.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { apiClient, CHROMIUM, freePort, launchBrowser, login, sqliteRows, startServer, waitForPath, withPage } from './harness.mjs';
import { uploadSwpThroughForm } from './swp-forms.mjs';
import { outboxItems, signInKiosk } from './kiosk-profiles.mjs';
import { keptPack, outage, scan } from './island-offline-kit.mjs';

let server;
let context;
let cut = null;
const SECRET = 'island-offline-e2e-secret-0123456789';
const HOUR = 3600 * 1000;
const PART = '7102-0010';

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

/**
 * While the kiosk is cut off: a new revision of PART deployed (engineer1 uploads it, the
 * three stages approve it) through a server on another port, stopped again.
 */
async function deployWhileCutOff(port) {
  await cut.restart(port);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await login(page, base, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await uploadSwpThroughForm(page, { part: PART, change: 'New torque values', zone: 'B Zone 1' });
  } finally {
    await browser.close();
  }
  const eng = await apiClient(base, 'engineer1@demo.plant');
  const swp = (await eng.get('/api/swps/user-pending-swps')).data.find((x) => x.partNumber === PART);
  for (const who of ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant']) {
    const r = await (await apiClient(base, who)).post(`/api/swps/approve/${swp._id}`, { reviewNote: '' });
    assert.equal(r.status, 200, JSON.stringify(r.data));
  }
  await cut.stop(base);
  return swp._id;
}

/** An operator reads the part's SWP and a team lead (badge 9031) verifies it, all offline. */
async function readAndVerify(page, badge, name) {
  await page.getByRole('button', { name: 'Scan Badge' }).click();
  await scan(page, badge);
  await waitForPath(page, '/island/part-select');
  await banner(page)
    .filter({ hasText: /^Offline — documents as of \d\d:\d\d$/ })
    .waitFor();
  await page.getByPlaceholder('Search by part number').fill(PART);
  await page.locator('.ant-select-item-option', { hasText: PART }).click();
  await waitForPath(page, /^\/island\/operator-status\?part=/);
  await page.getByText(name).waitFor();
  await page.locator('[data-status=error]', { hasText: 'Instructions' }).click();
  for (const doc of ['SWC', 'JES', 'VIS']) await page.getByRole('button', { name: `I have read the ${doc}` }).click();
  await page.getByRole('button', { name: 'Verify Operator' }).click();
  await scan(page, '9031');
  await page.getByText('Successfully Verified').waitFor();
}

const banner = (page) => page.getByTestId('offline-banner');

describe('Island kiosk offline', () => {
  test(
    'a shift through an outage: reads and verifications kept, sent once with their kiosk times',
    withPage(
      () => context,
      'island offline shift',
      async (page) => {
        await page.setViewportSize({ width: 1366, height: 768 });
        // The worker's script: revalidated on every load (a new build reaches the kiosk).
        const sw = await fetch(`${server.url}/kiosk-sw.js`);
        assert.equal(sw.status, 200);
        assert.match(sw.headers.get('content-type') || '', /javascript/);
        assert.equal(sw.headers.get('cache-control'), 'no-cache');
        // The netbook's clock: the shift starts three hours before the server's now, so
        // that the kiosk times it keeps are in the past when they reach the server.
        const shiftStart = Date.now() - 3 * HOUR;
        await page.clock.install({ time: shiftStart });
        await signInKiosk(page, server.url, 'B1');
        await page.reload();
        // The application is kept and the pack of zone B1 is in IndexedDB.
        await page.waitForFunction(() => window.__plantdocOfflineReady && navigator.serviceWorker.controller, null, { timeout: 60000 });
        const pack = await page.evaluate(() => JSON.parse(localStorage.getItem('plantdoc.island.pack')));
        assert.equal(pack.zone, 'B1');

        await cut.stop();
        const stopped = Date.now();
        // Reloaded with the server down: the service worker serves the kiosk.
        await page.reload();
        await page.getByText('Please scan your badge to continue').waitFor({ timeout: 20000 });
        await readAndVerify(page, '1002', 'Omar Haddad (OP1002)');
        await page.clock.fastForward('45:00');
        await page.goto(`${server.url}/island`);
        await page.getByText('Please scan your badge to continue').waitFor({ timeout: 20000 });
        await readAndVerify(page, '1001', 'Olivia Grant (OP1001)');
        const queued = await outboxItems(page);
        assert.deepEqual(
          queued.map((i) => i.path.replace('/api/island/', '')),
          ['operator-read-swp', 'verify-swp', 'operator-read-swp', 'verify-swp'],
        );
        assert.ok(queued.every((i) => i.offline && i.kioskTime < stopped - 2 * HOUR && i.key));

        await cut.restart();
        for (let i = 0; (await outboxItems(page)).length && i < 300; i++) await page.waitForTimeout(100);
        assert.equal((await outboxItems(page)).length, 0, 'the queue is sent once the server answers');
        await banner(page).waitFor({ state: 'detached', timeout: 20000 });

        // Each signature once, signed and verified at the kiosk's times, not the sync's.
        const rows = sqliteRows(
          server,
          `SELECT a.op_no, a.signed_at, a.verified_at FROM acknowledgements a JOIN swps s ON s.id = a.doc_id WHERE s.part_number = '${PART}' ORDER BY a.signed_at`,
        );
        assert.equal(rows.length, 2, JSON.stringify(rows));
        for (const [opNo, signedAt, verifiedAt] of rows) {
          assert.ok(verifiedAt, `${opNo}: verified`);
          for (const t of [signedAt, verifiedAt]) assert.ok(t >= shiftStart && t < stopped - 2 * HOUR, `${opNo}: kept the kiosk time (${t})`);
        }
        // The obligations closed: each operator's status reads as read.
        const kept = await keptPack(page);
        const oldSwp = kept.parts.find((p) => p.partNumber === PART).swp._id;
        const ops = kept.operators.filter((o) => ['1001', '1002'].includes(o.badge));
        const status = await page.evaluate(
          ({ ids, swp }) => Promise.all(ids.map((id) => fetch(`/api/island/operator-status/${id}/${swp}`).then((r) => r.json()))),
          { ids: ops.map((o) => o._id), swp: oldSwp },
        );
        assert.deepEqual(
          status.map((s) => [s.swpRead, s.awaitingVerification]),
          [
            [true, false],
            [true, false],
          ],
        );
        const audit = server.cli('audit', 'verify');
        assert.match(audit, /chain intact/, audit);

        // Cut off again while a new revision of the part is deployed: back online, the kiosk
        // keeps the new revision and shows it (the operator has it to read); the old
        // revision's documents are dropped from the netbook.
        const oldFiles = kept.parts.find((p) => p.partNumber === PART).files.map((f) => f.sha256);
        await cut.stop();
        const newSwp = await deployWhileCutOff(await freePort());
        await cut.restart();
        await page.goto(`${server.url}/island`);
        const packed = async () => (await keptPack(page)).parts.find((p) => p.partNumber === PART)?.swp._id;
        for (let i = 0; (await packed()) !== newSwp && i < 200; i++) await page.waitForTimeout(100);
        assert.equal(await packed(), newSwp, 'the pack holds the new revision');
        const docs = await page.evaluate(async () => (await (await caches.open('plantdoc-docs')).keys()).map((r) => new URL(r.url).pathname));
        assert.ok(!oldFiles.some((sha) => docs.includes(`/island/doc/${sha}`)), "the old revision's files are gone");
        await page.getByRole('button', { name: 'Scan Badge' }).click();
        await scan(page, '1002');
        await waitForPath(page, '/island/part-select');
        await page.getByPlaceholder('Search by part number').fill(PART);
        await page.locator('.ant-select-item-option', { hasText: PART }).click();
        await waitForPath(page, /^\/island\/operator-status\?part=/);
        await page.locator('[data-status=error]', { hasText: 'Instructions' }).waitFor();
        await page.goto(`${server.url}/island`);

        // An outage longer than the pack's limit: the documents stop.
        await page.waitForFunction(() => window.__plantdocOfflineReady, null, { timeout: 30000 });
        await cut.stop();
        await page.clock.fastForward(`${pack.maxHours + 4}:00:00`);
        await page.goto(`${server.url}/island`);
        await page.getByRole('button', { name: 'Scan Badge' }).click();
        await scan(page, '1002');
        await waitForPath(page, '/island/part-select');
        await banner(page).filter({ hasText: 'Offline too long — see the team lead' }).waitFor();
        await page.getByPlaceholder('Search by part number').fill(PART);
        await page.locator('.ant-select-item-option', { hasText: PART }).click();
        await waitForPath(page, /^\/island\/operator-status\?part=/);
        // The status page says so instead of the part's documents.
        await page.getByText('Offline too long — see the team lead').nth(1).waitFor();
        assert.equal(await page.locator('[data-status]').count(), 0);
        const doc = await page.evaluate(() => fetch('/island/doc/none').then((r) => r.status));
        assert.equal(doc, 404, 'no document outside the kept ones');
        await cut.restart();
      },
    ),
  );
});
