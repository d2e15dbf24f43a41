// A part's status counts the alerts of that part (and of no part), not the zone's others.
// A signed read resumes: 'Awaiting Verification' opens at the verification of the sitting,
// never at reading and signing SWC, JES and VIS again; the operator can sign out from the
// part select and the status page.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setKioskSettings } from '@plantdoc/kit';
import { stubFetch } from '../../kit/test/helpers';
import '../src/index';
import { renderScreens } from './screens';
import { setOperator } from '../src/state';
import { getSitting } from '../src/sitting';

const OP = { _id: 'o1', opNo: '7', fullName: 'Olga Nowak' };
const SWP = { _id: 's1', partNumber: '7101-0001', urls: { video: null } };
const SLOW = { timeout: 10000 };
let where;

function showAt(url, { awaiting = true, alerts = [], level = 4, reason = null } = {}) {
  setKioskSettings({ zone: 'A1' });
  setOperator(OP);
  const fetch = stubFetch({
    '/api/island/kiosk-config': [200, { idleSecs: 120, signature: 'badge' }],
    '/api/swps/deployed-swp': [200, { details: SWP }],
    '/api/island/operator-status/o1/s1': [200, { trainingLevel: level, trainingReason: reason, swpRead: false, awaitingVerification: awaiting }],
    '/api/alerts/operator-alerts/A1/o1': [200, alerts],
    '/api/island/obligations/A1/o1': [200, []],
    '/api/swps/swp-with-urls/s1': [200, { swp: { urls: {}, served: {} } }],
  });
  renderScreens(url, (l) => (where = l));
  return fetch;
}

afterEach(() => {
  setOperator(null);
  sessionStorage.clear();
});

describe('a signed read resumes', () => {
  it('Awaiting Verification opens at the verification, and nothing is signed again', async () => {
    const fetch = showAt('/island/operator-status?part=p1');
    fireEvent.click(await screen.findByText('Awaiting Verification', {}, SLOW));
    expect(await screen.findByText('Verification Required', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Please confirm Olga Nowak has read all the instructions for part 7101-0001')).toBeTruthy();
    expect(new URLSearchParams(where.search).get('step')).toBe('verify');
    expect(screen.queryByRole('button', { name: 'I have read the SWC' })).toBeNull();
    expect(getSitting()).toEqual([{ kind: 'swp', id: 's1', label: '7101-0001' }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(fetch.mock.calls.some(([p]) => String(p).includes('operator-read-swp'))).toBe(false);
  });

  it('the training card says why the level in effect is not the level set', async () => {
    const reason = 'Your certification on 7101-0001 expired on 2026-11-02 — see the Cell Leader';
    showAt('/island/operator-status?part=p1', { awaiting: false, level: 1, reason });
    expect(await screen.findByText(reason, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Level 1: Trained to run with assistance')).toBeTruthy();
  });

  it('instructions not read yet open at the reading', async () => {
    showAt('/island/operator-status?part=p1', { awaiting: false });
    fireEvent.click(await screen.findByText('Please read the instructions', {}, SLOW));
    expect(await screen.findByRole('button', { name: 'I have read the SWC' }, SLOW)).toBeTruthy();
  });
});

describe('sign out', () => {
  it.each([
    ['the status page', '/island/operator-status?part=p1'],
    ['the part select', '/island/part-select'],
  ])('from %s', async (_, url) => {
    showAt(url);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }, SLOW));
    await waitFor(() => expect(where.pathname).toBe('/island'));
  });
});

describe("a part's alerts", () => {
  const alert = (id, partNumber) => ({ _id: id, alertTag: `S-${id}`, alertType: 'Safety', partNumber });

  it("count those of the part and of no part, not another part's", async () => {
    showAt('/island/operator-status?part=p1', { alerts: [alert('a1', '7101-0001'), alert('a2', '7999-0001'), alert('a3', '')] });
    expect(await screen.findByText('2 alert(s) to read', {}, SLOW)).toBeTruthy();
  });

  it("another part's alone leave nothing to read for this one", async () => {
    showAt('/island/operator-status?part=p1', { alerts: [alert('a2', '7999-0001')] });
    expect(await screen.findByText('No alerts to read', {}, SLOW)).toBeTruthy();
  });
});
