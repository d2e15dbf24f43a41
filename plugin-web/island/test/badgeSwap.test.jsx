// A new badge over an operator's screens: another operator is signed in instead (part
// select, the sitting cleared, the outbox kept); on a reading screen a dialog asks first
// and Cancel keeps the operator; the same badge does nothing; a refused badge shows the
// server's reason; a scan while the verifier's badge field or the PIN is shown is theirs.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setKioskSettings } from '@plantdoc/kit';
import { stubFetch } from '../../kit/test/helpers';
import '../src/index';
import { renderScreens } from './screens';
import { getOperator, setOperator } from '../src/state';
import { addRead, getSitting } from '../src/sitting';
import { queued as outboxItems } from '../src/outbox';
import { db } from '../src/offline/db';

const OP = { _id: 'o1', opNo: 'OP1001', fullName: 'Olivia Grant' };
const NEXT = { _id: 'o2', opNo: 'OP1002', fullName: 'Omar Haddad', lang: 'en' };
const SWP = { _id: 's1', partNumber: '7101-0001', urls: { video: null } };
const UNKNOWN = 'This badge is not recognised. Please scan again.';
const SLOW = { timeout: 10000 };
const FROM_BADGE = '/api/island/operator-from-badge/';
let where;
let fetch;

function showAt(url, { signature = 'badge', sitting = [] } = {}) {
  setKioskSettings({ zone: 'A1' });
  setOperator(OP);
  sitting.forEach((i) => addRead(i));
  fetch = stubFetch({
    '/api/island/kiosk-config': [200, { idleSecs: 120, signature }],
    '/api/swps/deployed-swp': [200, { details: SWP }],
    [`/api/island/operator-status/${OP._id}/s1`]: [200, { trainingLevel: 4, swpRead: false, awaitingVerification: false }],
    [`/api/island/operator-status/${NEXT._id}/s1`]: [200, { trainingLevel: 4, swpRead: false, awaitingVerification: false }],
    '/api/alerts/operator-alerts/A1/o1': [200, []],
    '/api/alerts/operator-alerts/A1/o2': [200, []],
    '/api/island/obligations/A1/o1': [200, []],
    '/api/island/obligations/A1/o2': [200, []],
    '/api/swps/swp-with-urls/s1': [200, { swp: { urls: {}, served: {} } }],
    '/api/swps/last-signed/s1/o1': [200, { lastSigned: null }],
    [`${FROM_BADGE}1001`]: [200, OP],
    [`${FROM_BADGE}1002`]: [200, NEXT],
    [`${FROM_BADGE}9999`]: [403, { error: UNKNOWN }],
    'POST /api/island/verify-swp': [200, { verified: true }],
  });
  renderScreens(url, (l) => (where = l));
}

const calls = (part) => fetch.mock.calls.filter(([p]) => String(p).includes(part));

/** A badge reader's keys and Enter, with no field focused. */
async function reader(badge) {
  await act(async () => {
    for (const k of badge) fireEvent.keyDown(document.body, { key: k });
    fireEvent.keyDown(document.body, { key: 'Enter' });
  });
}

/** The reader, once the screen's badge capture (its own chunk) listens: scanned again only
 * while no look-up was heard. */
async function scan(badge) {
  const before = calls(FROM_BADGE).length;
  await waitFor(async () => {
    if (calls(FROM_BADGE).length === before) await reader(badge);
    expect(calls(FROM_BADGE).length).toBeGreaterThan(before);
  }, SLOW);
}

beforeAll(async () => {
  await import('../src/components/BadgeSwap');
});

afterEach(() => setOperator(null));

describe('a new badge over the operator screens', () => {
  it('on the part select, another operator is signed in at once', async () => {
    showAt('/island/part-select');
    await screen.findByText('Hello Olivia Grant! What part number do you want to load?', {}, SLOW);
    await scan('1002');
    await screen.findByText('Hello Omar Haddad! What part number do you want to load?', {}, SLOW);
    expect(getOperator()).toEqual(NEXT);
    expect(where.pathname).toBe('/island/part-select');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on the status page: the sitting is cleared, the outbox kept, the new one lands on part select', async () => {
    const queued = [{ key: 'k1', path: '/api/island/operator-read-swp', body: { opId: 'o1', swpId: 's1' }, kioskTime: 1, offline: true }];
    for (const item of queued) await (await db()).add('outbox', item);
    showAt('/island/operator-status?part=p1', { sitting: [{ kind: 'alert', id: 'a1', label: 'S-1' }] });
    await screen.findByText('Olivia Grant (OP1001)', {}, SLOW);
    expect(getSitting()).toHaveLength(1);
    await scan('1002');
    await waitFor(() => expect(where.pathname).toBe('/island/part-select'));
    expect(getOperator()._id).toBe('o2');
    expect(getSitting()).toEqual([]);
    expect((await outboxItems()).map((i) => i.key)).toEqual(['k1']);
  });

  it('on a reading screen a dialog asks first: Cancel keeps the operator, then the switch signs the new one in', async () => {
    showAt('/island/swp-ack?part=p1');
    await screen.findByRole('button', { name: 'I have read the SWC' }, SLOW);
    await scan('1002');
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog.textContent).toContain('Sign out Olivia Grant?');
    expect(dialog.textContent).toContain('Omar Haddad scanned their badge. What Olivia Grant has read and not signed yet is lost.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getOperator()._id).toBe('o1');
    expect(where.pathname).toBe('/island/swp-ack');
    await scan('1002');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out and switch' }, SLOW));
    await waitFor(() => expect(where.pathname).toBe('/island/part-select'));
    expect(getOperator()._id).toBe('o2');
  });

  it('the same badge does nothing', async () => {
    showAt('/island/swp-ack?part=p1');
    await screen.findByRole('button', { name: 'I have read the SWC' }, SLOW);
    await scan('1001');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('badge-swap-error')).toBeNull();
    expect(getOperator()).toEqual(OP);
    expect(where.pathname).toBe('/island/swp-ack');
  });

  it("an unknown badge shows the server's refusal; the operator stays", async () => {
    showAt('/island/operator-status?part=p1');
    await screen.findByText('Olivia Grant (OP1001)', {}, SLOW);
    await scan('9999');
    expect((await screen.findByTestId('badge-swap-error', {}, SLOW)).textContent).toContain(UNKNOWN);
    expect(getOperator()._id).toBe('o1');
    expect(where.pathname).toBe('/island/operator-status');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('badge-swap-error')).toBeNull());
  });

  it('a scan in the verification is the verifier, not a new operator; once verified, a badge is again', async () => {
    showAt('/island/swp-ack?part=p1&read=swc,jes,vis&step=verify', { sitting: [{ kind: 'swp', id: 's1', label: '7101-0001' }] });
    await screen.findByText('Scan your badge to verify', {}, SLOW);
    await new Promise((r) => setTimeout(r, 300)); // the screen's badge capture is listening
    // The verifier tapped the card (the field lost the focus), then scanned.
    document.activeElement?.blur();
    await reader('1002');
    await screen.findByText('Successfully Verified', {}, SLOW);
    const [[, init]] = calls('verify-swp');
    expect(JSON.parse(init.body)).toMatchObject({ badgeNo: '1002', opId: 'o1' });
    expect(calls(FROM_BADGE)).toHaveLength(0);
    expect(getOperator()._id).toBe('o1');
    await scan('1002');
    await screen.findByRole('dialog', {}, SLOW);
  });

  it('a scan while the PIN is asked is not a new operator', async () => {
    showAt('/island/swp-ack?part=p1&read=swc,jes,vis', { signature: 'badge+pin' });
    await screen.findByText('Enter your PIN', {}, SLOW);
    await new Promise((r) => setTimeout(r, 300));
    document.activeElement?.blur();
    await reader('1002');
    await new Promise((r) => setTimeout(r, 200));
    expect(calls(FROM_BADGE)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getOperator()._id).toBe('o1');
  });

  it("a read the outbox answers after the switch stays out of the new operator's sitting", () => {
    setOperator(OP);
    setOperator(NEXT);
    expect(addRead({ kind: 'alert', id: 'a1', label: 'S-1' }, { opId: OP._id })).toBe(false);
    expect(getSitting()).toEqual([]);
    expect(addRead({ kind: 'alert', id: 'a2', label: 'S-2' }, { opId: NEXT._id })).toBe(true);
    expect(getSitting().map((i) => i.id)).toEqual(['a2']);
  });
});
