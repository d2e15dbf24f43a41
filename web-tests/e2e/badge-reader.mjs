// The kiosk's badge reader for the browser tests (plugins/island/README.md item 18): a
// reader's burst of keys, the kiosk signed in on a freshly loaded start screen, and an
// operator's part picked.
import { waitForPath } from './harness.mjs';
import { press, signInKiosk } from './kiosk-profiles.mjs';

/** The kiosk signed in, its zone set, on a freshly loaded start screen. */
export async function kiosk(page, base, zone = 'A1') {
  await signInKiosk(page, base, zone);
  await page.reload();
  await page.getByText('Please scan your badge to continue').waitFor();
}

const KEYS = { Enter: { code: 'Enter', vk: 13, text: '\r' }, Tab: { code: 'Tab', vk: 9, text: '' } };
/**
 * A badge reader: the digits and Enter or Tab as one burst of key events, sent to the
 * browser without waiting for each (Playwright's keyboard.type waits for every key: on a
 * loaded machine 4 digits took 65–80 ms, slower than a reader).
 */
export async function reader(page, badge, end = 'Enter') {
  const cdp = await page.context().newCDPSession(page);
  const sent = [];
  const key = (k, code, vk, text) => {
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: k, code, windowsVirtualKeyCode: vk, text, unmodifiedText: text }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: k, code, windowsVirtualKeyCode: vk }));
  };
  const at = performance.now();
  for (const d of badge) key(d, `Digit${d}`, d.charCodeAt(0), d);
  const sentMs = performance.now() - at;
  key(end, KEYS[end].code, KEYS[end].vk, KEYS[end].text);
  await Promise.all(sent);
  await cdp.detach();
  return sentMs;
}

export async function partFor(page, profile, badge, part) {
  await reader(page, badge);
  await waitForPath(page, '/island/part-select');
  await page.getByPlaceholder('Search by part number').fill(part);
  await press(page.locator('.ant-select-item-option', { hasText: part }), profile);
  await waitForPath(page, /^\/island\/operator-status\?part=/);
}
