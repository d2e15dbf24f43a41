// SWPs page end to end: an engineer uploads through the Upload tab (real PDFs and an MP4,
// several files per section), three approvers approve through the API, the SWP shows in
// Browse and All Approved as 'Release'; a change becomes revision 1 and the first one,
// signed by operators, shows under 'Past Revisions Signed Within 90 Days'. Browse's
// 'Search in documents' finds the demo documents' words and opens the viewer at the page.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { apiClient, browserSuite, expectAccessible, login, waitForPath } from './harness.mjs';
import { openTab, uploadSwpThroughForm } from './swp-forms.mjs';

const suite = browserSuite();
const it = suite.it;
const PART = 'E2E-SWP-100';

/** A signed-in API client of this test's server. */
const apiAs = (email) => apiClient(suite.server.url, email);

async function approveAll(swpId) {
  for (const who of ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant']) {
    const c = await apiAs(who);
    const r = await c.post(`/api/swps/approve/${swpId}`, { reviewNote: `ok from ${who}` });
    assert.equal(r.status, 200, `${who} approve: ${JSON.stringify(r.data)}`);
  }
}

/** Sign records straight into the database (no signing API yet): python3's sqlite3. */
function insertSigns(swpId, versionHash, rows) {
  const db = path.join(suite.server.dir, 'plantdoc.db');
  const script = `
import sqlite3, sys, json
rows = json.loads(sys.argv[3])
con = sqlite3.connect(sys.argv[1], timeout=10)
for r in rows:
    con.execute("INSERT INTO acknowledgements (id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning, verifier_id, cl_full_name, cl_op_no, verified_at, verify_meaning) VALUES (?,'swp',?,?,?,?,?,?,'read and understood',?,?,?,?,?)",
        (r['id'], sys.argv[2], sys.argv[4], r['op'], r['name'], r['no'], r['signed'], r.get('cl'), r.get('clName'), r.get('clNo'), r.get('verified'), 'verified' if r.get('cl') else None))
con.commit()
`;
  const r = spawnSync('python3', ['-c', script, db, swpId, JSON.stringify(rows), versionHash], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
}

const uploadThroughForm = (page, options = {}) => uploadSwpThroughForm(page, { part: PART, ...options });

const active = (page) => page.locator('[role=tabpanel].ant-tabs-content-active');
const row = (page, text) => active(page).locator('tr.pd-table-row', { hasText: text });

describe('SWPs page', () => {
  let first;

  it('uploads an SWP through the Upload tab and shows it pending', async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    for (const tab of ['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Verification History', 'Upload']) {
      await page.getByRole('tab', { name: tab, exact: true }).waitFor();
    }
    // Server field errors appear under the fields.
    await openTab(page, 'Upload');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('error-swc').waitFor();
    await page.getByTestId('error-partNumber').waitFor();
    await expectAccessible(page, '/main/swps Upload (errors)');
    await uploadThroughForm(page);
    await page.getByRole('button', { name: 'Back to SWPs' }).click();
    await waitForPath(page, '/main/swps');
    await openTab(page, 'My Pending');
    await active(page).getByText('Pending Approval').waitFor();
    const r = row(page, PART);
    await r.waitFor();
    assert.equal(
      await r
        .locator('td')
        .filter({ hasText: /^Pending$/ })
        .count(),
      3,
    );
    await expectAccessible(page, '/main/swps My Pending');
    // The viewer opens on the part number.
    await r.getByText(PART).click();
    await page.getByTestId('document-viewer').waitFor();
    // The buttons take the links' state once they arrive (VIDEO enabled: this SWP has one).
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'VIDEO' && !b.disabled));
    await expectAccessible(page, 'SWP viewer');
    await page.getByRole('button', { name: 'Back' }).click();
    await active(page).getByText('Pending Approval').waitFor();

    const eng = await apiAs('engineer1@demo.plant');
    const mine = await eng.get('/api/swps/user-pending-swps');
    first = mine.data.find((s) => s.partNumber === PART);
    assert.ok(first, 'the upload is pending');
  });

  it("finds words inside the documents (Browse, 'Search in documents') and opens the viewer at that page", async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await page.getByText('Search in documents', { exact: true }).click();
    const box = page.getByRole('searchbox', { name: 'Search in documents' });
    // The demo plant's documents are read in the background at start: search until found.
    const results = page.getByTestId('text-search').locator('.ant-list-item');
    for (let i = 0; i < 40 && !(await results.count()); i++) {
      await box.fill('clamps closed');
      await box.press('Enter');
      await page.waitForTimeout(500);
    }
    const jes = results.filter({ has: page.getByText(/· JES page 1$/) }).first();
    await jes.locator('mark', { hasText: 'clamps' }).waitFor();
    await expectAccessible(page, '/main/swps Search in documents');
    await jes.getByText(/· JES page 1$/).click();
    const viewer = page.getByTestId('document-viewer');
    await viewer.locator('iframe').waitFor();
    assert.equal(await viewer.getAttribute('data-section'), 'jes');
    assert.equal(await viewer.getAttribute('data-page'), '1');
    assert.match(await viewer.locator('iframe').getAttribute('src'), /#page=1&/);
    assert.match(page.url(), /[?&]at=1(&|$)/);
  });

  it('shows the approved SWP as Release in Browse and All Approved', async (page) => {
    assert.ok(first, 'needs the upload');
    await approveAll(first._id);
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    const browse = row(page, PART);
    await browse.waitFor();
    await browse.getByText('Release', { exact: true }).waitFor();
    await browse.getByText('Erin Cole').waitFor();
    await expectAccessible(page, '/main/swps (Browse)');
    await openTab(page, 'All Approved');
    await active(page).getByRole('heading', { level: 2, name: 'Deployed' }).waitFor();
    await row(page, PART).waitFor();
    await expectAccessible(page, '/main/swps All Approved');
    await openTab(page, 'My Approved');
    await row(page, PART).waitFor();
    await expectAccessible(page, '/main/swps My Approved');
  });

  it('deploys a change as revision 1 and lists the signed first one in the history', async (page) => {
    assert.ok(first, 'needs the upload');
    const eng = await apiAs('engineer1@demo.plant');
    const deployed = (await eng.get(`/api/swps/swp/${first._id}`)).data.swp;
    const now = Date.now();
    insertSigns(first._id, deployed.contentHash, [
      {
        id: 'sign-e2e-1',
        op: 'op-1',
        name: 'Olivia Grant',
        no: 'OP1001',
        signed: now - 3600e3,
        cl: 'cl-1',
        clName: 'Sam Ortiz',
        clNo: '9031',
        verified: now - 1800e3,
      },
      { id: 'sign-e2e-2', op: 'op-2', name: 'Omar Haddad', no: 'OP1002', signed: now - 600e3 },
    ]);

    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    // Signed count link → the Operators Signed modal.
    await openTab(page, 'All Approved');
    await row(page, PART).getByTestId('signed-link').click();
    await page.getByRole('dialog').getByText('Olivia Grant').waitFor();
    await expectAccessible(page, 'Operators Signed');
    await page.getByRole('dialog').locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // SWC page 2 changes and a page 3 is added (Compare, below).
    await uploadThroughForm(page, { change: 'New torque values', swc: ['swc-1.pdf', 'swc-2-torque-30Nm.pdf', 'swc-3.pdf'] });
    const second = (await eng.get('/api/swps/user-pending-swps')).data.find((s) => s.partNumber === PART);
    assert.ok(second);
    await approveAll(second._id);

    await page.getByRole('button', { name: 'Back to SWPs' }).click();
    const browse = row(page, PART);
    await browse.waitFor();
    await browse.getByText('1', { exact: true }).waitFor();
    await browse.getByText('New torque values').waitFor();

    await openTab(page, 'Verification History');
    await active(page).locator('.ant-select input').first().fill(PART.slice(0, 7));
    await page.locator('.ant-select-item-option', { hasText: PART }).click();
    await page.getByText('Past Revisions Signed Within 90 Days').waitFor();
    const group = active(page).getByTestId('obsolete-group');
    await group.getByText(/^Obsolete SWP created on: \w{3}-\d\d-\d\d \d\d:\d\d[ap]m$/).waitFor();
    await group.getByText('VERIFIED', { exact: true }).waitFor();
    await group.getByText('NOT VERIFIED', { exact: true }).waitFor();
    // Default sort Verified descending: the verified record first.
    assert.match(await group.locator('tr.pd-table-row').first().textContent(), /Olivia Grant/);
    // The part search is done with: its suggestion list closes as it would on leaving it.
    await page.evaluate(() => document.activeElement?.blur());
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await expectAccessible(page, '/main/swps Verification History');
    // Decision 69: a record's detail holds the version's SHA-256 and times with offset.
    await group.getByRole('button', { name: "Details of Olivia Grant's signature" }).click();
    const detail = page.getByTestId('signature-detail');
    assert.equal((await detail.getByTestId('version-sha256').textContent()).trim(), deployed.contentHash);
    await detail
      .getByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d$/)
      .first()
      .waitFor();
    await detail.getByText('Sam Ortiz (9031)').waitFor();
  });
  it('compares revision 1 with the Release: the changed page marked, the added page listed, the text diff', async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await row(page, PART).getByText(PART, { exact: true }).click();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const summary = page.getByTestId('compare-summary');
    await summary.waitFor({ timeout: 30000 });
    assert.equal(await summary.textContent(), 'Pages with changed text: 2. Pages added: 3. Pages removed: none.');
    const pageRow = (n) => page.locator(`[data-testid=compare-page][data-page="${n}"]`);
    await pageRow(2).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('[data-testid=compare-page][data-page="2"]')?.dataset.changed);
    assert.ok(Number(await pageRow(2).getAttribute('data-changed')) > 0, 'page 2 has regions marked');
    await page.waitForFunction(() => document.querySelector('[data-testid=compare-page][data-page="1"]')?.dataset.changed);
    assert.equal(await pageRow(1).getAttribute('data-changed'), '0', 'page 1 is the same');
    await pageRow(2).locator('ins', { hasText: 'swc-2-torque-30Nm.pdf' }).waitFor();
    await pageRow(2).locator('del', { hasText: 'swc-2.pdf' }).waitFor();
    await pageRow(3).getByText('Page 3 (added)').waitFor();
    await expectAccessible(page, 'SWP Compare');
  });
});
