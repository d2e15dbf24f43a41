// The training matrix's state in the address (decision 60) and its touch targets, at
// 1366×768, 1024×768 and on a touch screen (axe on the new dialogs): the shift, cell and
// zone are in the address (reload and Back); a target out of 0–24 says 'Hours must be
// between 0 and 24' and is not clamped; 'Reset squares' asks first. The squares are touch
// targets of at least 40 px on the touch screen, and keep their size at 1366 and 1024 with
// a mouse.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, leaveSignedIn, login, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite } from './kiosk-profiles.mjs';

let server;
before(async () => {
  server = await startServer({ release: '2.0' });
});
after(() => server?.stop());
const suite = profileSuite();
const it = suite.it;

async function signIn(page, path) {
  await leaveSignedIn(page);
  await login(page, server.url, 'manager.process@demo.plant');
  await waitForPath(page, /^\/main/);
  await page.goto(`${server.url}${path}`);
}

describe('Training matrix: filters in the address, targets, Reset squares', () => {
  it('the training matrix: filters in the address, a target out of 0–24 refused, Reset squares asks', async (page, profile) => {
    await signIn(page, '/main/training');
    await page.locator('.tm-b').first().waitFor();
    await page.getByLabel('Shift').click();
    await press(page.locator('.ant-select-item-option', { hasText: /^2$/ }), profile);
    await page.waitForURL((u) => new URL(u).searchParams.get('shift') === '2');
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[aria-label="Shift"]')?.closest('.ant-select')?.textContent.includes('2'));
    await page.goBack();
    await page.waitForURL((u) => new URL(u).searchParams.get('shift') !== '2');
    await page.locator('.tm-b').first().waitFor();
    // A target of 30: the spec's text, the 30 kept (not clamped to 24), nothing sent.
    const edit = page.getByRole('button', { name: /^Edit the target of / }).first();
    await press(edit, profile);
    const dialog = page.getByRole('dialog');
    const target = dialog.getByLabel('Target');
    await target.fill('30');
    await press(dialog.getByRole('button', { name: 'Save' }), profile);
    await dialog.getByText('Hours must be between 0 and 24').waitFor();
    assert.equal(await target.inputValue(), '30');
    await expectAccessible(page, 'target out of range');
    await press(dialog.getByRole('button', { name: 'Cancel' }), profile);
    await dialog.waitFor({ state: 'hidden' });
    // Reset squares asks first; Cancel keeps the level.
    const block = page.locator('.tm-b:not([data-squares="-1"])').first();
    const label = await block.getAttribute('aria-label');
    await block.focus();
    await page.keyboard.press('Delete');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: 'Reset squares?' }).waitFor();
    await expectAccessible(page, 'reset squares confirmation');
    await press(confirm.getByRole('button', { name: 'Cancel' }), profile);
    await confirm.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: label }).waitFor();
  });

  it('the training squares: 40 px touch targets on the touch screen, the usual grid with a mouse', async (page, profile) => {
    await signIn(page, '/main/training');
    const block = page.locator('.tm-b:is([data-squares="1"],[data-squares="2"],[data-squares="3"],[data-squares="4"])').first();
    await block.waitFor();
    const id = await block.getAttribute('data-block');
    const level = Number(await block.getAttribute('data-squares'));
    const cell = await block.locator('xpath=ancestor::td[1]').boundingBox();
    const squares = await Promise.all([1, 2, 3, 4].map((n) => block.locator(`.tm-s[data-level="${n}"]`).boundingBox()));
    if (!profile.touch) {
      // The layout of the console is unchanged: four small squares in a row, 32 px rows.
      for (const q of squares) assert.ok(q.width < 16 && q.height < 16, JSON.stringify(q));
      assert.equal(Math.round(cell.height), 32);
      assert.equal(new Set(squares.map((q) => Math.round(q.y))).size, 1, 'one row of squares');
      return;
    }
    // Each square is at least 40 × 40, none overlaps another, all inside their cell.
    for (const q of squares) {
      assert.ok(q.width >= 40 && q.height >= 40, `square ${JSON.stringify(q)}`);
      assert.ok(
        q.x >= cell.x && q.y >= cell.y && q.x + q.width <= cell.x + cell.width + 0.5 && q.y + q.height <= cell.y + cell.height + 0.5,
        'inside the cell',
      );
    }
    for (let i = 0; i < 4; i += 1)
      for (let j = i + 1; j < 4; j += 1) {
        const [a, b] = [squares[i], squares[j]];
        assert.ok(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y, `squares ${i + 1} and ${j + 1} overlap`);
      }
    await expectAccessible(page, 'training matrix on a touch screen');
    // A tap on a square sets that level; a tap on the old one puts it back.
    const other = level === 4 ? 3 : 4;
    await block.locator(`.tm-s[data-level="${other}"]`).tap();
    const moved = page.locator(`.tm-b[data-block="${id}"][data-squares="${other}"]`);
    await moved.waitFor();
    await moved.locator(`.tm-s[data-level="${level}"]`).tap();
    await page.locator(`.tm-b[data-block="${id}"][data-squares="${level}"]`).waitFor();
  });
});
