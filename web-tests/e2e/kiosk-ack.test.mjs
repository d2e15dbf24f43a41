// The kiosk's acknowledgement screens (decision 52), at 1366×768, 1024×768 and on a touch
// kiosk (axe on each): no dead end (Show SWP, Cancel, Back to Status, Sign Out), the PDF
// opens at page width, and the verifier's scan lands after a tap elsewhere. (Apart from
// kiosk-ux.test.mjs: node's --test-timeout bounds a whole file too, and together they
// came to it on a loaded machine.)
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, startServer, waitForPath } from './harness.mjs';
import { pdfViewState, press, profileSuite } from './kiosk-profiles.mjs';
import { kiosk as kioskAt, partFor, reader } from './badge-reader.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());
const suite = profileSuite();
const it = suite.it;
const kiosk = (page, zone) => kioskAt(page, server.url, zone);
// Each profile verifies its own operator once (a verified operator's card is green).
const VERIFIED_OP = { '1366×768': '1001', '1024×768': '1002', 'touch kiosk': '1003' };
const SUPERVISOR = '9031';

describe('Kiosk: acknowledgement screens with no dead ends, readable PDFs', () => {
  it('swp-ack: Back to Status, Sign Out, Show SWP and Cancel; the verifier scans after a tap elsewhere', async (page, profile) => {
    await kiosk(page, 'B1'); // no alert in force in B1
    await partFor(page, profile, VERIFIED_OP[profile.name], '7101-0001');
    const instructions = page.locator('[data-status=error]', { hasText: 'Instructions' });
    await press(instructions, profile);
    await waitForPath(page, /^\/island\/swp-ack\?/);
    await page.getByRole('button', { name: 'Back to Status' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    const view = await pdfViewState(page);
    console.log(`# kiosk swp-ack PDF (${profile.name}): ${view.zoom} %, thumbnails ${view.sidebar} px`);
    if (process.env.SHOTS) await page.screenshot({ path: `test-results/kiosk-swp-ack-${profile.viewport.width}${profile.touch ? '-touch' : ''}.png` });
    assert.ok(view.sidebar < 10 && view.zoom >= 70, JSON.stringify(view));
    await expectAccessible(page, 'swp-ack');
    assert.equal(await page.locator('main').count(), 1, 'one <main> on a reading screen');
    await press(page.getByRole('button', { name: 'Back to Status' }), profile);
    await waitForPath(page, /^\/island\/operator-status\?/);
    await press(instructions, profile);
    for (const doc of ['SWC', 'JES', 'VIS']) await press(page.getByRole('button', { name: `I have read the ${doc}` }), profile);
    await press(page.getByRole('button', { name: 'Verify Operator' }), profile);
    await page.getByText('Verification Required').waitFor();
    await expectAccessible(page, 'verification');
    await press(page.getByRole('button', { name: 'Show SWP' }), profile);
    await page.locator('iframe[title="Visual Inspection Sheet"]').waitFor();
    await press(page.getByRole('button', { name: 'Verify Operator' }), profile);
    await press(page.getByRole('button', { name: 'Cancel' }), profile);
    await page.getByRole('button', { name: 'Verify Operator' }).waitFor();
    assert.match(page.url(), /read=swc%2Cjes%2Cvis|read=swc,jes,vis/);
    await press(page.getByRole('button', { name: 'Verify Operator' }), profile);
    // The verifier taps the card (the field loses the focus), then scans.
    await press(page.getByText('Scan your badge to verify'), profile);
    await reader(page, SUPERVISOR, 'Tab');
    await page.getByText('Successfully Verified').waitFor();
  });

  it('alert-ack: Back to Status, Sign Out, and Cancel in the verification', async (page, profile) => {
    await kiosk(page, 'A1');
    await partFor(page, profile, '1004', '7101-0002');
    await press(page.locator('[data-status=error]', { hasText: 'Alerts' }), profile);
    await waitForPath(page, /^\/island\/alert-ack\?/);
    await page.getByRole('button', { name: 'Back to Status' }).waitFor();
    await expectAccessible(page, 'alert-ack');
    await press(page.getByText('I have fully read the alert'), profile);
    await press(page.getByRole('button', { name: 'Next' }), profile);
    await page.getByText('Verification Required').waitFor();
    await expectAccessible(page, 'alert verification');
    await press(page.getByRole('button', { name: 'Cancel' }), profile);
    await page.getByText('I have fully read the alert').waitFor();
    await press(page.getByRole('button', { name: 'Back to Status' }), profile);
    await waitForPath(page, /^\/island\/operator-status\?/);
    await press(page.locator('[data-status=error]', { hasText: 'Alerts' }), profile);
    await press(page.getByRole('button', { name: 'Sign Out' }), profile);
    await waitForPath(page, '/island');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('plantdoc.island.operator')), null);
  });
});
