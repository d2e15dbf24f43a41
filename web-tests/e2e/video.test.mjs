// Real files in the browser (decision 30, docs/uploads.md): an iPhone-style QuickTime MOV
// (H.264 + AAC) is uploaded as an SWP's Video Aid through the form, deployed, and plays
// (metadata loaded, duration > 0) in the console viewer (VIDEO) and in the kiosk
// (/island/interface, Video); a video Chromium on the kiosk cannot play (HEVC) and a PDF
// that needs a password are refused as they upload, with the server's message shown under
// their drop; the alerts drop likewise.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, browserSuite, expectAccessible, login, waitForPath } from './harness.mjs';
import { fixture, openTab, uploadSwpThroughForm } from './swp-forms.mjs';

const suite = browserSuite({ viewport: { width: 1366, height: 768 } });
const it = suite.it;
const PART = 'E2E-MOV-1';
const MOV = () => fixture('h264-aac.mov', 'video/quicktime');

/** Waits for the video element's metadata and answers what the player knows. */
async function playable(video) {
  await video.waitFor();
  return video.evaluate(
    (v) =>
      new Promise((done) => {
        const answer = () => done({ readyState: v.readyState, duration: v.duration, width: v.videoWidth, error: v.error?.message || null });
        if (v.readyState >= 1) answer();
        else {
          v.addEventListener('loadedmetadata', answer, { once: true });
          v.addEventListener('error', answer, { once: true });
          setTimeout(answer, 20000);
        }
      }),
  );
}

function assertPlays(state, where) {
  assert.equal(state.error, null, `${where}: ${state.error}`);
  assert.ok(state.readyState >= 1 && state.duration > 0, `${where}: ${JSON.stringify(state)}`);
}

describe('videos and refusals in the browser', () => {
  let swpId;

  it('uploads a MOV (H.264) as the Video Aid through the form; the part field says it is new', async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await openTab(page, 'Upload');
    // The part field looks the number up in the whole catalogue.
    await page.locator('#partNumber').fill('7101-000');
    await page.locator('.ant-select-item-option', { hasText: '7101-0001' }).waitFor();
    await page.locator('#partNumber').fill('7101-0001');
    await page.getByTestId('part-status').getByText('Known part (in the catalogue)').waitFor();
    await page.locator('#partNumber').fill(PART);
    await page.getByTestId('part-status').getByText('New part: it will be added to the catalogue').waitFor();
    await page.locator('#partNumber').fill('');
    await uploadSwpThroughForm(page, { part: PART, video: MOV(), zone: 'B Zone 1' });
    const eng = await apiClient(suite.server.url, 'engineer1@demo.plant');
    swpId = (await eng.get('/api/swps/user-pending-swps')).data.find((s) => s.partNumber === PART)?._id;
    assert.ok(swpId, 'the upload is pending');
  });

  it('at 1024 × 768 the review sidebar goes above the document and tables scroll instead of being cut', async (page) => {
    assert.ok(swpId, 'needs the pending SWP');
    await page.setViewportSize({ width: 1024, height: 768 });
    const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await login(page, suite.server.url, 'approver.process@demo.plant');
    await waitForPath(page, /^\/main/);
    await page.goto(`${suite.server.url}/main/sign-off`);
    const pending = page.locator('[role=tabpanel].ant-tabs-content-active tr.pd-table-row', { hasText: PART });
    await pending.getByText(PART, { exact: true }).click();
    await page.getByTestId('review-panel').waitFor();
    // This SWP has a video: its button turns on (a colour transition) when the links land.
    await page.getByRole('button', { name: 'VIDEO' }).and(page.locator(':enabled')).waitFor();
    const doc = await page.getByTestId('document-viewer').boundingBox();
    const side = await page.getByTestId('review-panel').boundingBox();
    // Decision 52: the part, the note and Approve/Reject show without scrolling past the document.
    assert.ok(side.y + side.height <= doc.y + 1, `sidebar above the document: ${JSON.stringify({ doc, side })}`);
    assert.equal(await pageOverflow(), 0, 'no sideways scroll of the page');
    await expectAccessible(page, 'Sign Off review at 1024 px');
    await page.goto(`${suite.server.url}/main/swps`);
    await openTab(page, 'All Pending');
    await page.locator('[role=tabpanel].ant-tabs-content-active tr.pd-table-row', { hasText: PART }).waitFor();
    const box = page.locator('[role=tabpanel].ant-tabs-content-active [data-testid=table-scroll]').first();
    const m = await box.evaluate((el) => ({
      overflowX: getComputedStyle(el).overflowX,
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    console.log(`video e2e: at 1024 px the All Pending table is ${m.scrollWidth} px wide in a ${m.clientWidth} px box`);
    assert.equal(m.overflowX, 'auto');
    assert.ok(m.right <= 1024, 'the table box ends inside the window');
    assert.equal(await pageOverflow(), 0, 'no sideways scroll of the page');
    await expectAccessible(page, '/main/swps All Pending at 1024 px');
  });

  it('plays the deployed MOV (H.264) in the console viewer', async (page) => {
    assert.ok(swpId, 'needs the pending SWP');
    for (const who of ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant']) {
      const r = await (await apiClient(suite.server.url, who)).post(`/api/swps/approve/${swpId}`, { reviewNote: 'ok' });
      assert.equal(r.status, 200, JSON.stringify(r.data));
    }
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    const row = page.locator('[role=tabpanel].ant-tabs-content-active tr.pd-table-row', { hasText: PART });
    await row.getByText(PART).click();
    await page.getByTestId('document-viewer').waitFor();
    await page.getByRole('button', { name: 'VIDEO' }).click();
    const player = page.getByTestId('document-viewer').locator('video');
    const state = await playable(player);
    // Stored and served as QuickTime (by content); Chromium plays it from the link.
    const type = await player.evaluate((v) => fetch(v.src, { headers: { Range: 'bytes=0-0' } }).then((r) => r.headers.get('content-type')));
    console.log(`video e2e: console viewer ${JSON.stringify(state)}, served as ${type}`);
    assert.equal(type, 'video/quicktime');
    assertPlays(state, 'console viewer');
    await expectAccessible(page, 'SWP viewer, VIDEO');
  });

  it('plays it in the kiosk (/island/interface, Video)', async (page) => {
    assert.ok(swpId, 'needs the deployed SWP');
    await login(page, suite.server.url, 'kiosk@demo.plant');
    await waitForPath(page, '/island');
    await page.evaluate(() => {
      localStorage.setItem('plantdoc.kiosk', JSON.stringify({ zone: 'B1', allowAccess: true, dialogOpen: false }));
      localStorage.removeItem('plantdoc.island.outbox');
    });
    await page.goto(`${suite.server.url}/island`);
    await page.getByRole('button', { name: 'Scan Badge' }).click();
    await page.getByLabel('Badge').fill('1001');
    await page.getByLabel('Badge').press('Tab');
    await waitForPath(page, '/island/part-select');
    await page.getByPlaceholder('Search by part number').fill(PART);
    await page.locator('.ant-select-item-option', { hasText: PART }).click();
    await waitForPath(page, /^\/island\/operator-status\?/);
    await page.locator('[data-status]', { hasText: 'Instructions' }).click();
    await waitForPath(page, /^\/island\/swp-ack\?/);
    for (const doc of ['SWC', 'JES', 'VIS']) await page.getByRole('button', { name: `I have read the ${doc}` }).click();
    await page.getByRole('button', { name: 'Verify Operator' }).click();
    await page.getByLabel('Badge').fill('9031');
    await page.getByLabel('Badge').press('Tab');
    await page.getByText('Successfully Verified').waitFor();
    await page.getByRole('button', { name: 'Back to Status' }).click();
    await waitForPath(page, /^\/island\/operator-status\?/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, /^\/island\/interface\?/);
    await page.getByRole('button', { name: 'Video', exact: true }).click();
    const state = await playable(page.locator('video[title="Video"]'));
    console.log(`video e2e: kiosk ${JSON.stringify(state)}`);
    assertPlays(state, 'kiosk');
    await expectAccessible(page, 'kiosk interface, Video');
  });

  it("shows the server's refusal under the drop: HEVC video, PDF that needs a password, not a PDF", async (page) => {
    await login(page, suite.server.url, 'engineer1@demo.plant');
    await waitForPath(page, '/main/swps');
    await openTab(page, 'Upload');
    // Said before upload: which files each drop takes.
    await page.getByText('MP4, MOV (H.264) or WebM, one file', { exact: true }).waitFor();
    await page
      .getByText(/^PDF, up to \d+ files \(combined in order\)$/)
      .first()
      .waitFor();
    const inputs = page.locator('input[type=file]');
    await inputs.nth(3).setInputFiles([fixture('hevc.mov', 'video/quicktime')]);
    const video = page.getByTestId('refusal-video');
    await video.waitFor();
    const videoText = await video.innerText();
    assert.match(videoText, /^hevc\.mov: .*HEVC\/H\.265 \(hvc1\)/);
    assert.match(videoText, /Most Compatible/);
    // A PDF that needs a password is refused as it uploads (every PDF is checked whole at
    // upload, docs/security.md): the server's message shows under the SWC drop.
    await inputs.nth(0).setInputFiles([fixture('needs-password.pdf', 'application/pdf')]);
    const swc = page.getByTestId('refusal-swc');
    await swc.waitFor();
    assert.match(await swc.innerText(), /needs-password\.pdf.*needs a password to open; save it without one and upload it again\./);
    // A refused file leaves the upload list: let its leave animation (and its progress bar) end.
    await page.waitForFunction(() => !document.querySelector('.ant-upload-list .ant-progress'), null, { timeout: 10000 });
    await expectAccessible(page, 'Upload with refusals');
    // The alerts form's drop says what it takes and shows the server's refusal under it.
    await page.goto(`${suite.server.url}/main/alerts?tab=upload`);
    await page.getByText('PDF, one file', { exact: true }).waitFor();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([{ ...fixture('h264-aac.mp4', 'application/pdf'), name: 'alert.pdf' }]);
    await page.getByTestId('refusal-alertFile').getByText('alert.pdf: This file is not a PDF.').waitFor();
    // A refused file leaves the upload list: let its leave animation (and its progress bar) end.
    await page.waitForFunction(() => !document.querySelector('.ant-upload-list .ant-progress'), null, { timeout: 10000 });
    await expectAccessible(page, 'Alert upload with a refusal');
  });
});
