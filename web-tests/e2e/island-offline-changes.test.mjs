// The kiosk offline under change control (decision 126), Chromium against the real binary
// (release 2.0): a new revision of a part is deployed under an approved change request
// effective in A1 tomorrow; the kiosk keeps its pack and the server stops; offline, the
// kiosk shows the revision in force until the day and the new one from its first
// millisecond (the page's clock), never the old one after it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, launchBrowser, startServer, waitForPath, withPage } from './harness.mjs';
import { makePdf } from './swp-forms.mjs';
import { signInKiosk } from './kiosk-profiles.mjs';
import { keptPack, outage, scan } from './island-offline-kit.mjs';

let server;
let context;
const PART = '7101-0001';
const DAY = 24 * 3600 * 1000;

before(async () => {
  server = await startServer({ release: '2.0', env: { PLANTDOC__MODULES__ISLAND__OFFLINE_MAX_HOURS: '72' } });
  context = await launchBrowser();
});

after(async () => {
  await context?.close();
  server?.stop();
});

/** Uploads a one-page PDF saying `text` as `client` (an apiClient); its file id. */
async function uploadPdf(client, text) {
  const csrf = client
    .cookie()
    .split('; ')
    .find((c) => /plantdoc_csrf=/.test(c))
    ?.split('=')[1];
  const form = new FormData();
  form.append('filepond', new Blob([makePdf(text)], { type: 'application/pdf' }), `${text}.pdf`);
  const res = await fetch(`${server.url}/api/swps/uploadPdf`, {
    method: 'POST',
    headers: { Cookie: client.cookie(), 'X-CSRF-Token': decodeURIComponent(csrf ?? '') },
    body: form,
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.serverId;
}

/** A new revision of PART deployed under a change request effective in A1 on `day`; its id. */
async function deployHeldBack(day) {
  const eng = await apiClient(server.url, 'engineer1@demo.plant');
  const cr = await eng.post('/api/changes', {
    title: 'Torque 12 Nm on the door panel',
    reason: '8D-1234: loose bolts at final inspection',
    references: ['8D-1234'],
    documents: [{ kind: 'swp', partNumber: PART }],
    zones: ['A1'],
    effective: { A1: day },
  });
  assert.equal(cr.status, 200, JSON.stringify(cr.data));
  for (const who of ['approver.process@demo.plant', 'approver.quality@demo.plant']) {
    const r = await (await apiClient(server.url, who)).post(`/api/changes/approve/${cr.data.id}`, { reviewNote: '' });
    assert.equal(r.status, 200, JSON.stringify(r.data));
  }
  const fileIds = {
    swc: [await uploadPdf(eng, 'new-swc')],
    jes: [await uploadPdf(eng, 'new-jes')],
    vis: [await uploadPdf(eng, 'new-vis')],
    video: null,
    opin: [],
  };
  const r = await eng.post('/api/swps/uploadS3', {
    fileIds,
    partNumber: PART,
    format: 'swp',
    zones: ['A1'],
    onBehalfOf: 'CURRENT_USER',
    newRelease: false,
    referenceOnly: false,
    changes: 'Torque 12 Nm',
    bypassManagement: false,
    changeRequest: cr.data.id,
  });
  assert.equal(r.status, 200, JSON.stringify(r.data));
  const id = r.data.swp._id;
  for (const who of ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant']) {
    const a = await (await apiClient(server.url, who)).post(`/api/swps/approve/${id}`, { reviewNote: '' });
    assert.equal(a.status, 200, JSON.stringify(a.data));
  }
  return id;
}

/** Operator 1001 opens PART's instructions offline; the kept document the page asks for. */
async function openInstructions(page, docs) {
  await page.goto(`${server.url}/island`);
  await page.getByRole('button', { name: 'Scan Badge' }).click();
  await scan(page, '1001');
  await waitForPath(page, '/island/part-select');
  await page.getByPlaceholder('Search by part number').fill(PART);
  await page.locator('.ant-select-item-option', { hasText: PART }).click();
  await waitForPath(page, /^\/island\/operator-status\?part=/);
  const asked = page.waitForRequest((r) => docs.some((d) => r.url().endsWith(d)), { timeout: 20000 });
  await page.locator('[data-status=error]', { hasText: 'Instructions' }).click();
  return new URL((await asked).url()).pathname;
}

describe('Island kiosk offline under change control', () => {
  test(
    'the revision in force until the effective day, the new one from it',
    withPage(
      () => context,
      'island offline change control',
      async (page) => {
        await page.setViewportSize({ width: 1366, height: 768 });
        const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
        const switchAt = Date.parse(`${tomorrow}T00:00:00Z`);
        const newId = await deployHeldBack(tomorrow);
        await page.clock.install({ time: Date.now() });
        await signInKiosk(page, server.url, 'A1');
        await page.reload();
        await page.waitForFunction(() => window.__plantdocOfflineReady && navigator.serviceWorker.controller, null, { timeout: 60000 });
        const entries = (await keptPack(page)).parts.filter((p) => p.partNumber === PART);
        assert.deepEqual(
          entries.map((p) => [p.swp._id === newId, p.from, p.until]),
          [
            [false, null, switchAt],
            [true, switchAt, null],
          ],
        );
        const docsOf = (p) => p.files.map((f) => `/island/doc/${f.sha256}`);
        const [oldDocs, newDocs] = entries.map(docsOf);

        await outage(server).stop();
        // Offline before the day: the revision in force.
        assert.ok(oldDocs.includes(await openInstructions(page, [...oldDocs, ...newDocs])), 'the old revision before the day');
        // Offline from the day's first millisecond: the new one, never the old one.
        await page.clock.fastForward(switchAt - (await page.evaluate(() => Date.now())));
        assert.ok(newDocs.includes(await openInstructions(page, [...oldDocs, ...newDocs])), 'the new revision from the day');
      },
    ),
  );
});
