// A waiver at the kiosk (release 2.0, the training gate on), at 1024×768 with axe on each
// new screen: the gate refuses an operator's part, a team lead's badge waives it at the
// kiosk, the operator then reads the part, and the waiver is on the matrix's cell.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, expectAccessible, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite } from './kiosk-profiles.mjs';
import { kiosk, partFor, reader } from './badge-reader.mjs';

let server;
before(async () => {
  server = await startServer({ release: '2.0', env: { PLANTDOC__MODULES__TRAINING__GATE: 'true' } });
});
after(() => server?.stop());
const suite = profileSuite(['1024×768']);
const PART = '7101-0001';
const OPERATOR = { badge: '1001', opNo: 'OP1001' };
const TEAM_LEAD = '9031'; // supervisor@demo.plant, a production supervisor of every zone
const MATRICES = ['/api/training/matrix/shift/1/cell/A/zone/1', '/api/training/matrix/shift/2/cell/B/zone/2'];

/** The operator's cells on the part, in every demo matrix holding both: [{path, cell}]. */
async function cells(api) {
  const out = [];
  for (const path of MATRICES) {
    const m = (await api.get(path)).data;
    const c = m.partList.findIndex((p) => p.partNumber === PART);
    const row = m.matrix.find((r) => r.opNumber === OPERATOR.opNo);
    if (c >= 0 && row) out.push({ path, cell: row.rowData[c] });
  }
  return out;
}

describe('Kiosk: a waiver of the training gate', () => {
  suite.it("a team lead's badge waives the gate at the kiosk; the operator reads the part; the matrix shows the waiver", async (page, profile) => {
    const lead = await apiClient(server.url, 'supervisor@demo.plant');
    // Level 0 (being trained) wherever a matrix holds the operator and the part: refused.
    const held = await cells(lead);
    assert.ok(held.length > 0, 'a demo matrix holds OP1001 and 7101-0001');
    for (const { cell } of held) assert.equal((await lead.post('/api/training/matrix/edit/block', { blockId: cell._id, squares: 0 })).status, 200);

    await kiosk(page, server.url, 'B1'); // no alert in force in B1
    await partFor(page, profile, OPERATOR.badge, PART);
    await page.getByText('Level 0: Currently being trained').waitFor();
    await press(page.getByRole('button', { name: 'Grant a waiver' }), profile);
    await page.getByLabel('Reason').fill('Start-up with the Cell Leader beside the operator');
    await press(page.getByRole('radiogroup', { name: 'Days' }).getByText('2', { exact: true }), profile);
    await expectAccessible(page, 'waiver form');
    if (process.env.SHOTS) await page.screenshot({ path: 'test-results/kiosk-waiver-form.png' });
    await press(page.getByRole('button', { name: 'Continue' }), profile);
    await page.getByText('Team lead: scan your badge to grant the waiver').waitFor();
    await expectAccessible(page, 'waiver badge');
    if (process.env.SHOTS) await page.screenshot({ path: 'test-results/kiosk-waiver-badge.png' });
    const granted = page.waitForResponse((r) => r.url().endsWith('/api/island/waiver') && r.request().method() === 'POST');
    await reader(page, TEAM_LEAD);
    const answer = await granted;
    assert.equal(answer.status(), 200, await answer.text());
    const ends = (await answer.json()).ends;
    await page.getByText(/Olivia Grant may run part 7101-0001 until /).waitFor();
    await expectAccessible(page, 'waiver granted');

    // Back at the status, the gate lets the operator read the part.
    await press(page.getByRole('button', { name: 'Back to Status' }), profile);
    await page.getByText('Level 1: Trained to run with assistance').waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: 'test-results/kiosk-waiver-status.png' });
    await page.getByText(/^Waiver on 7101-0001 until the end of \d{4}-\d\d-\d\d$/).waitFor();
    await press(page.locator('[data-status=error]', { hasText: 'Instructions' }), profile);
    await waitForPath(page, /^\/island\/swp-ack\?/);
    const read = page.waitForResponse((r) => r.url().endsWith('/api/island/operator-read-swp'));
    for (const doc of ['SWC', 'JES', 'VIS']) await press(page.getByRole('button', { name: `I have read the ${doc}` }), profile);
    assert.equal((await read).status(), 200, 'the read passes the gate');
    await page.getByRole('button', { name: 'Verify Operator' }).waitFor();

    // The console's matrix cell shows the waiver, the list has it (granted at the kiosk).
    const waived = await cells(lead);
    assert.ok(
      waived.some(({ cell }) => cell.effective === 1 && cell.reason === 'waiver'),
      JSON.stringify(waived.map((x) => x.cell)),
    );
    const opId = waived[0].cell.op;
    const list = (await lead.get(`/api/training/waivers?opId=${opId}&partNumber=${PART}`)).data;
    assert.equal(list.length, 1);
    assert.deepEqual([list[0].active, list[0].ends, list[0].reason], [true, ends, 'Start-up with the Cell Leader beside the operator']);
  });
});
