// The kiosk's Video Aid plays (plugins/island/README.md item 21), at 1366×768, 1024×768 and
// on a touch kiosk, with axe: an SWP with an H.264 Video Aid is uploaded through the form
// and deployed; at the netbook, reference mode finds the part, the Video button opens the
// player, and the video loads and runs (its time moves on).
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, expectAccessible, startServer, waitForPath } from './harness.mjs';
import { press, profileSuite, signInKiosk } from './kiosk-profiles.mjs';
import { uploadPendingSwp } from './swp-forms.mjs';

const PART = 'E2E-KIOSK-VIDEO';
const REVIEWERS = ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant'];

let server;
before(async () => {
  server = await startServer();
  // engineer1 uploads it in the form (zone A1, an MP4 as the Video Aid); the three stages approve.
  await uploadPendingSwp(server.url, PART);
  const mine = await (await apiClient(server.url, 'engineer1@demo.plant')).get('/api/swps/user-pending-swps');
  const swp = mine.data.find((s) => s.partNumber === PART);
  assert.ok(swp, 'the upload is pending');
  for (const who of REVIEWERS) {
    const r = await (await apiClient(server.url, who)).post(`/api/swps/approve/${swp._id}`, { reviewNote: 'ok' });
    assert.equal(r.status, 200, JSON.stringify(r.data));
  }
});
after(() => server?.stop());
const it = profileSuite().it;

/** The player's state once its metadata is in (or an error, or 20 s). */
const loaded = (video) =>
  video.evaluate(
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

describe('the Video Aid at the kiosk', () => {
  it('plays in reference mode', async (page, profile) => {
    await signInKiosk(page, server.url, 'A1');
    await page.goto(`${server.url}/island/reference`);
    const box = page.getByPlaceholder('Search by part number');
    await box.fill(PART);
    await press(page.locator('.ant-select-item-option', { hasText: PART }), profile);
    await waitForPath(page, /^\/island\/reference\?part=/);
    const button = page.getByRole('button', { name: 'Video', exact: true });
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Video' && !b.disabled));
    const size = await button.boundingBox();
    assert.ok(size.height >= 40 || !profile.touch, `the Video button is a touch target: ${JSON.stringify(size)}`);
    await press(button, profile);
    await waitForPath(page, /doc=video/);
    const video = page.locator('video[title="Video"]');
    await video.waitFor();
    const state = await loaded(video);
    assert.equal(state.error, null, state.error);
    assert.ok(state.readyState >= 1 && state.duration > 0 && state.width > 0, JSON.stringify(state));
    // It runs: muted (no sound needed in a test), its time moves on.
    await video.evaluate((v) => {
      v.muted = true;
      return v.play();
    });
    await page.waitForFunction(() => document.querySelector('video[title="Video"]')?.currentTime > 0.3, null, { timeout: 15000 });
    assert.equal(await video.evaluate((v) => v.error), null);
    await expectAccessible(page, `kiosk reference, Video Aid (${profile.name})`);
  });
});
