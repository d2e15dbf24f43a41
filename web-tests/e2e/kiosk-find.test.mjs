// Decision 79 at the kiosk, at 1024×768 and on the touch kiosk (axe on each new
// screen), against the real binary: an operator who signed revision 0 opens revision 1 in
// /island/swp-ack and 'What changed' lists SWC page 2 (changed) and page 3 (added), and
// opens the compare there (the changed region marked, the words diffed); reference mode's
// 'Search in documents' finds the demo documents' words and opens the document at that
// page (48 px targets); the History shows each signature's meaning and mode; a stored PDF
// that cannot be stamped shows the server's reason in the frame's alert.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiClient, CHROMIUM, expectAccessible, login, sqliteRows, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite, signInKiosk } from './kiosk-profiles.mjs';
import { uploadSwpThroughForm } from './swp-forms.mjs';

const suite = profileSuite(['1024×768', 'touch kiosk']);
const it = suite.it;
const PART = 'E2E-KIOSK-31';
// Signed revision 0 (What changed); read and verified revision 1 (History).
const SIGNED_REV0 = '1004';
const SIGNED_REV1 = ['1005', 'Otto Berg'];
const SUPERVISOR = '9031';
// A demo part whose stored VIS is damaged (the 409 test).
const DAMAGED = '7101-0002';

let server;

/** engineer1 uploads a revision of PART through the form; the three stages approve it. */
async function deployRevision(options) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await login(page, server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await uploadSwpThroughForm(page, { part: PART, ...options });
  } finally {
    await browser.close();
  }
  const eng = await apiClient(server.url, 'engineer1@demo.plant');
  const swp = (await eng.get('/api/swps/user-pending-swps')).data.find((s) => s.partNumber === PART);
  assert.ok(swp, 'the upload is pending');
  for (const who of ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant']) {
    const r = await (await apiClient(server.url, who)).post(`/api/swps/approve/${swp._id}`, { reviewNote: '' });
    assert.equal(r.status, 200, JSON.stringify(r.data));
  }
  return swp._id;
}

before(async () => {
  server = await startServer();
  const netbook = await apiClient(server.url, 'kiosk@demo.plant');
  const opId = async (badge) => (await netbook.get(`/api/island/operator-from-badge/${badge}`)).data._id;
  const rev0 = await deployRevision({});
  let r = await netbook.post('/api/island/operator-read-swp', { opId: await opId(SIGNED_REV0), swpId: rev0, key: 'e2e-kiosk-read-rev0' });
  assert.equal(r.status, 200, JSON.stringify(r.data));
  // Revision 1: SWC page 2 changes, a page 3 is added; the JES and VIS are the same.
  const rev1 = await deployRevision({ change: 'New torque values', swc: ['swc-1.pdf', 'swc-2-torque-30Nm.pdf', 'swc-3.pdf'] });
  const op = await opId(SIGNED_REV1[0]);
  r = await netbook.post('/api/island/operator-read-swp', { opId: op, swpId: rev1, key: 'e2e-kiosk-read-rev1' });
  assert.equal(r.status, 200, JSON.stringify(r.data));
  const verify = { badgeNo: SUPERVISOR, opId: op, swpId: rev1, opName: SIGNED_REV1[1], partNumber: PART, currentSquares: 5, key: 'e2e-kiosk-verify-rev1' };
  r = await netbook.post('/api/island/verify-swp', verify);
  assert.equal(r.status, 200, JSON.stringify(r.data));
  // The damaged file: what a stored PDF that cannot be stamped looks like.
  const [[key]] = sqliteRows(
    server,
    `SELECT f.storage_key FROM files f JOIN swps s ON s.vis_file = f.id WHERE s.part_number = '${DAMAGED}' AND s.status = 'deployed'`,
  );
  fs.writeFileSync(path.join(server.dir, 'files', key), '%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage');
});
after(() => server?.stop());

async function kiosk(page) {
  await signInKiosk(page, server.url, 'A1');
  await page.reload();
  await page.getByText('Please scan your badge to continue').waitFor();
}

/** The operator's badge, then the part: on operator status. */
async function partFor(page, profile, badge, part) {
  await page.keyboard.type(badge, { delay: 2 });
  await page.keyboard.press('Enter');
  await waitForPath(page, '/island/part-select');
  await page.getByPlaceholder('Search by part number').fill(part);
  await press(page.locator('.ant-select-item-option', { hasText: part }), profile);
  await waitForPath(page, /^\/island\/operator-status\?part=/);
}

/** Every visible target in `scope` is at least 48 px high. */
async function touchSized(locator, what) {
  const small = await locator.evaluateAll((els) =>
    els
      .filter((el) => el.offsetParent !== null)
      .map((el) => [el.textContent.trim().slice(0, 40) || el.getAttribute('aria-label'), Math.round(el.getBoundingClientRect().height)])
      .filter(([, h]) => h < 48),
  );
  assert.deepEqual(small, [], `targets under 48 px: ${what}`);
}

describe("Kiosk: What changed, Search in documents, signatures' meaning, refusals shown", () => {
  it('an operator who signed revision 0 sees what changed in revision 1 and opens the compare there', async (page, profile) => {
    await kiosk(page);
    await partFor(page, profile, SIGNED_REV0, PART);
    await press(page.locator('[data-status=error]', { hasText: 'Instructions' }), profile);
    await waitForPath(page, /^\/island\/swp-ack\?/);
    const panel = page.getByTestId('what-changed');
    await panel.getByText(/^Since revision 0, which you signed on \w{3}-\d\d-\d\d \d\d:\d\d[ap]m:$/).waitFor();
    const swc = panel.getByTestId('changed-swc');
    await swc.getByRole('button', { name: 'SWC page 3 (added): compare' }).waitFor({ timeout: 60000 });
    assert.equal(await swc.textContent(), 'SWC: Page 2Page 3 (added)');
    await panel.getByTestId('changed-jes').getByText('no pages changed').waitFor({ timeout: 60000 });
    await panel.getByTestId('changed-vis').getByText('no pages changed').waitFor({ timeout: 60000 });
    // The spec's card and the reading stay: the SWC is shown, to be read.
    await page.getByText('New torque values').waitFor();
    await page.getByRole('button', { name: 'I have read the SWC' }).waitFor();
    await touchSized(panel.getByRole('button'), 'What changed');
    await expectAccessible(page, 'swp-ack What changed');

    await press(swc.getByRole('button', { name: 'SWC page 2: compare' }), profile);
    const view = page.getByTestId('kiosk-compare');
    await view.waitFor();
    assert.match(page.url(), /[?&]compare=swc&cpage=2(&|$)/);
    const row2 = view.locator('[data-testid=compare-page][data-page="2"]');
    await page.waitForFunction(() => document.querySelector('[data-testid=compare-page][data-page="2"]')?.dataset.changed, null, { timeout: 60000 });
    assert.ok(Number(await row2.getAttribute('data-changed')) > 0, 'page 2 has regions marked');
    await row2.locator('ins', { hasText: 'swc-2-torque-30Nm.pdf' }).waitFor();
    await row2.locator('del', { hasText: 'swc-2.pdf' }).waitFor();
    // Both pages side by side within the content area.
    const [left, right] = await row2.locator('canvas').evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().toJSON()));
    assert.ok(Math.abs(left.top - right.top) < 1 && right.left > left.right, 'side by side');
    // The compare takes the screen's width (the sidebar steps aside while it is open) and
    // its Close Compare stays on screen without scrolling, at 1024×768 too.
    const { width } = profile.viewport;
    const box = await view.evaluate((el) => el.getBoundingClientRect().toJSON());
    assert.ok(box.width >= width - 124, `the compare is ${Math.round(box.width)} px wide at ${width}`);
    assert.ok(right.right <= box.right && right.right - left.left >= box.width - 60, 'the two pages fill the compare');
    const close = view.getByRole('button', { name: 'Close Compare' });
    const at = await close.evaluate((el) => el.getBoundingClientRect().toJSON());
    const inViewport = at.left >= 0 && at.top >= 0 && at.right <= width && at.bottom <= profile.viewport.height;
    assert.ok(inViewport, `Close Compare at ${JSON.stringify(at)} is outside the ${width}×${profile.viewport.height} viewport`);
    await expectAccessible(page, 'kiosk compare');
    await press(close, profile);
    await page.locator('iframe[title="Standard Work Chart"]').waitFor();
    await page.getByRole('button', { name: 'I have read the SWC' }).waitFor();
  });

  it("reference mode's 'Search in documents' opens the document at the page found", async (page, profile) => {
    await kiosk(page);
    await press(page.getByRole('button', { name: 'Reference Screen' }), profile);
    await waitForPath(page, '/island/reference');
    await press(page.getByRole('button', { name: 'Search in documents' }), profile);
    const box = page.getByLabel('Words to find in the documents');
    const hits = page.getByTestId('search-hit');
    // The demo plant's documents are read in the background at start: search until found.
    for (let i = 0; i < 60 && !(await hits.count()); i++) {
      await box.fill('clamps closed');
      await press(page.getByRole('button', { name: 'Search', exact: true }), profile);
      await page.waitForTimeout(500);
    }
    const jes = hits.filter({ hasText: /· JES page 1/ }).first();
    await jes.locator('mark', { hasText: 'clamps' }).first().waitFor();
    assert.match(page.url(), /[?&]q=clamps\+closed/);
    await touchSized(page.getByTestId('doc-search').locator('button, input'), 'Search in documents');
    await expectAccessible(page, 'kiosk Search in documents');
    await press(jes, profile);
    const frame = page.locator('iframe[title="Job Element Sheet"]');
    await frame.waitFor();
    assert.match(await frame.getAttribute('src'), /#page=1&/);
    assert.match(page.url(), /[?&]doc=jes(&|$)/);
    assert.match(page.url(), /[?&]at=1(&|$)/);
    await press(page.getByRole('button', { name: 'Back to results' }), profile);
    await hits.first().waitFor();
  });

  it("the History shows each signature's meaning and mode", async (page, profile) => {
    await kiosk(page);
    await partFor(page, profile, SIGNED_REV1[0], PART);
    const partId = new URL(page.url()).searchParams.get('part');
    await page.goto(`${server.url}/island/interface?part=${encodeURIComponent(partId)}&view=history`);
    const row = page.locator('tr', { hasText: SIGNED_REV1[1] });
    await row.getByText('Read (badge), Verified (badge)').waitFor();
    await page.getByRole('columnheader', { name: 'Meaning' }).waitFor();
    await expectAccessible(page, 'kiosk History');
  });

  it("a stored PDF that cannot be stamped shows the server's reason", async (page, profile) => {
    await kiosk(page);
    await press(page.getByRole('button', { name: 'Reference Screen' }), profile);
    await page.getByPlaceholder('Search by part number').fill(DAMAGED);
    await press(page.locator('.ant-select-item-option', { hasText: DAMAGED }), profile);
    await press(page.getByRole('button', { name: 'VIS', exact: true }), profile);
    const reason = page.getByTestId('frame-reason');
    await reason.waitFor({ timeout: 30000 });
    assert.match(await reason.textContent(), /cannot be served as a controlled copy/);
    assert.equal(await reason.getAttribute('role'), 'alert');
    await page.getByText('This document could not be shown: its link was refused or has expired.').waitFor();
    await expectAccessible(page, 'kiosk refused document');
  });
});
