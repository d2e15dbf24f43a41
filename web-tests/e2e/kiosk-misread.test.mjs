// Decision 58 at the kiosk, at 1366×768, 1024×768 and on a touch kiosk (axe on the
// new text): a misread does not lock the kiosk out. Past the free misses, the good badge
// waits a few seconds, the text counts down every second, then the badge lands (the
// netbook sends it again). A server per profile: wrong badges are remembered per kiosk
// account and address for ten minutes.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { expectAccessible, startServer, waitForPath } from './harness.mjs';
import { profileSuite, signInKiosk } from './kiosk-profiles.mjs';

const suite = profileSuite();
const it = suite.it;

/** A fresh demo plant for one test: `use(server)`, then stopped. */
async function withServer(use) {
  const server = await startServer();
  try {
    await use(server);
  } finally {
    server.stop();
  }
}

async function kiosk(page, server) {
  await signInKiosk(page, server.url, 'A1');
  await page.reload();
  await page.getByText('Please scan your badge to continue').waitFor();
}

/** A badge reader: the digits and Enter at once. */
async function reader(page, badge) {
  await page.keyboard.type(badge, { delay: 2 });
  await page.keyboard.press('Enter');
}

describe('Kiosk: a misread does not lock the kiosk out', () => {
  it('a misread does not lock the kiosk out: a short wait counted down, then the badge lands', (page) =>
    withServer(async (server) => {
      await kiosk(page, server);
      // Seven wrong badges: five free, the sixth free too, the seventh waits 1 s and is
      // resent by the netbook; each ends in the server's refusal.
      for (let i = 0; i < 7; i++) {
        const refused = page.waitForResponse((r) => r.url().includes(`operator-from-badge/770${i}`) && r.status() === 403, { timeout: 15000 });
        await reader(page, `770${i}`);
        await refused;
        await page.getByText('This badge is not recognised. Please scan again.').waitFor();
      }
      // The good badge waits 2 s: the text counts down every second, then it lands.
      const shown = [];
      await reader(page, '1001');
      await page.getByText('A badge was not accepted just before. This badge is checked in 2 s.').waitFor();
      shown.push(2);
      await expectAccessible(page, 'badge wait');
      await page.getByText('A badge was not accepted just before. This badge is checked in 1 s.').waitFor();
      shown.push(1);
      await waitForPath(page, '/island/part-select', 15000);
      assert.deepEqual(shown, [2, 1]);
      await page.getByText('Hello Olivia Grant! What part number do you want to load?').waitFor();
    }));
});
