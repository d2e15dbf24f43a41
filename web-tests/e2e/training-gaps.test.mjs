// The matrix shows the truth (release 2.0, every [modules.training] rule at its default):
// 'Gaps' keeps the operators with a cell below its part's target, in the address; a
// waiver granted in the console shows on its cell with its end.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, browserSuite, login, waitForPath } from './harness.mjs';

const suite = browserSuite({ server: { release: '2.0' } });
const it = suite.it;
const LEADER = 'supervisor@demo.plant';
const MATRIX = '/main/training?shift=3&cell=C&zone=2';
const SCOPE = { shift: 3, cell: 'C', zone: 2 };

describe('training gaps and waivers', () => {
  it("'Gaps' keeps the operators with a gap; a waiver shows on its cell", async (page) => {
    const api = await apiClient(suite.server.url, LEADER);
    const ops = (await api.get('/api/training/operator-list')).data.slice(0, 3);
    assert.equal(ops.length, 3);
    const genesis = { ...SCOPE, partNumber: '7101-0001', partDesc: 'Door', partRotation: 4, certTargetPartHours: 2, opId: ops[0]._id, certTargetOpHours: 1 };
    assert.equal((await api.post('/api/training/matrix/add/genesis-block', genesis)).status, 200);
    for (const o of ops.slice(1)) assert.equal((await api.post('/api/training/matrix/add/op', { ...SCOPE, opId: o._id, certTargetOpHours: 1 })).status, 200);
    const m = (await api.get('/api/training/matrix/shift/3/cell/C/zone/2')).data;
    const id = (o) => m.matrix.find((r) => r.opId === o._id).rowData[0]._id;
    // One certified of a target of 2: the second operator (level 3) is a gap.
    assert.equal((await api.post('/api/training/matrix/edit/block', { blockId: id(ops[0]), squares: 4 })).status, 200);
    assert.equal((await api.post('/api/training/matrix/edit/block', { blockId: id(ops[1]), squares: 3 })).status, 200);
    const waiver = await api.post('/api/training/waivers', { opId: ops[2]._id, partNumber: '7101-0001', reason: 'Start-up with the Cell Leader', days: 2 });
    assert.equal(waiver.status, 200, JSON.stringify(waiver.data));

    await page.setViewportSize({ width: 1366, height: 768 });
    await login(page, suite.server.url, LEADER);
    await waitForPath(page, /^\/main/);
    await page.goto(`${suite.server.url}${MATRIX}`);
    const waived = page.getByRole('button', { name: new RegExp(`^${ops[2].opNo} on 7101-0001: level -1, effective level 1: waiver until the end of `) });
    await waived.waitFor();
    const rows = page.locator('tbody th.tm-op');
    assert.equal(await rows.count(), 3);
    // A click, not check(): the box follows the address, which the router writes after the
    // click's event (check() reads the box at once and calls it unchanged).
    await page.getByRole('checkbox', { name: 'Gaps' }).click();
    await page.waitForURL(/gaps=1/);
    await page.getByRole('button', { name: `${ops[1].opNo} on 7101-0001: level 3` }).waitFor();
    assert.equal(await rows.count(), 1);
    // The address keeps the filter: reload shows the gaps again.
    await page.reload();
    await page.getByRole('button', { name: `${ops[1].opNo} on 7101-0001: level 3` }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'Gaps' }).isChecked(), true);
    assert.equal(await rows.count(), 1);
  });
});
