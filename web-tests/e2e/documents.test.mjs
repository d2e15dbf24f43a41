// Documents at page width (decision 52), at 1366×768, 1024×768 and on a touch screen (axe
// on each view): the PDF frame opens at page width without the thumbnail pane in the
// console viewer and the Sign Off review view, and at 1024×768 the review view shows the
// part, the note box and Reject / Approve without scrolling past the document. (The kiosk's
// frame: kiosk-ack.test.mjs.)
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, login, startServer, waitForPath } from './harness.mjs';
import { pdfViewState, press, profileSuite } from './kiosk-profiles.mjs';
import { uploadPendingSwp } from './swp-forms.mjs';

let server;
const PART = 'E2E-READABLE-26';
before(async () => {
  server = await startServer();
  // One SWP pending review, uploaded through the form.
  await uploadPendingSwp(server.url, PART);
});
after(() => server?.stop());
const suite = profileSuite();
const it = suite.it;

/** Top and bottom of an element in the page (scroll 0). */
const box = async (locator) => {
  const b = await locator.boundingBox();
  return { top: Math.round(b.y), bottom: Math.round(b.y + b.height) };
};

describe('Documents readable at first sight', () => {
  it('the console viewer opens the PDF at page width', async (page, profile) => {
    await login(page, server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    const row = page.locator('tr', { hasText: '7101-0001' }).first();
    await press(row.getByText('7101-0001', { exact: true }), profile);
    await page.getByTestId('document-viewer').locator('iframe').waitFor();
    const view = await pdfViewState(page);
    console.log(`# console viewer PDF (${profile.name}): ${view.zoom} %, thumbnails ${view.sidebar} px`);
    assert.ok(view.sidebar < 10 && view.zoom >= 70, JSON.stringify(view));
    // Known, not this issue's: at 1024 px /main/swps's seven tabs overflow and antd puts
    // its 'more' button inside role=tablist (axe aria-required-children), list or viewer.
    if (profile.viewport.width > 1024) await expectAccessible(page, 'console viewer');
  });

  it('the review view: PDF at page width; part, note and Approve/Reject without scrolling', async (page, profile) => {
    await login(page, server.url, 'approver.process@demo.plant');
    await waitForPath(page, '/main/swps');
    await page.goto(`${server.url}/main/sign-off`);
    await press(page.locator('tr.pd-table-row', { hasText: PART }).getByText(PART, { exact: true }), profile);
    await page.getByTestId('review-panel').waitFor();
    const frame = page.locator('[data-testid=document-viewer] iframe');
    await frame.waitFor();
    const view = await pdfViewState(page);
    const layout = await page.getByTestId('review-layout').getAttribute('data-layout');
    console.log(`# review view PDF (${profile.name}): ${view.zoom} %, thumbnails ${view.sidebar} px, panel ${layout}`);
    assert.ok(view.sidebar < 10 && view.zoom >= 70, JSON.stringify(view));
    if (process.env.SHOTS) await page.screenshot({ path: `test-results/review-${profile.viewport.width}${profile.touch ? '-touch' : ''}.png` });
    const height = profile.viewport.height;
    const doc = await box(frame);
    for (const what of [
      page.getByTestId('review-panel').getByRole('heading', { name: PART }),
      page.getByLabel('Note for the author'),
      page.getByRole('button', { name: 'Approve' }),
      page.getByRole('button', { name: 'Reject' }),
    ]) {
      const b = await box(what);
      assert.ok(b.bottom <= height, `${what}: bottom ${b.bottom} > ${height} (document ${doc.top}–${doc.bottom})`);
    }
    await expectAccessible(page, `review view (${layout})`);
  });
});
