// Issue 26 items 7 and 8 in the training matrix, at 1366×768, 1024×768 and on a touch
// screen (axe on the new dialogs): the shift, cell and zone are in the address (reload and
// Back); a target out of 0–24 says 'Hours must be between 0 and 24' and is not clamped;
// 'Reset squares' asks first.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, login, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite } from './kiosk-profiles.mjs';

let server;
before(async () => {
  server = await startServer({ release: '2.0' });
});
after(() => server?.stop());
const suite = profileSuite();
const it = suite.it;

async function signIn(page, path) {
  await page.context().clearCookies();
  await login(page, server.url, 'manager.process@demo.plant');
  await waitForPath(page, /^\/main/);
  await page.goto(`${server.url}${path}`);
}

describe('Training matrix: filters in the address, targets, Reset squares (issue 26)', () => {
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
});
