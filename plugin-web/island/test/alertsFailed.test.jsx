// A kiosk that never fails open (decision 98): when the alerts in force cannot be loaded
// (403, 5xx, network), every screen that would show them says so and stops signing;
// none shows 'No alerts to read' or 'no current issued alerts'. The reading list says
// so too; without the readiness module (404) it is simply absent.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setKioskSettings } from '@plantdoc/kit';
import { stubFetch } from '../../kit/test/helpers';
import '../src/index';
import { renderScreens } from './screens';
import { setOperator } from '../src/state';

const OP = { _id: 'o1', opNo: '7', fullName: 'Olga Nowak' };
const SWP = { _id: 's1', partNumber: '7101-0001', urls: { video: null } };
const FAILED = 'Alerts could not be loaded — see the team lead';
const SLOW = { timeout: 10000 };
const REFUSED = [403, { error: 'This zone is not one of your zones.' }];

function showAt(url, { alerts = REFUSED, obligations = [200, []], swpRead = false } = {}) {
  setKioskSettings({ zone: 'A3' });
  setOperator(OP);
  const fetch = stubFetch({
    '/api/island/kiosk-config': [200, { idleSecs: 120, signature: 'badge' }],
    '/api/swps/deployed-swp': [200, { details: SWP }],
    '/api/island/operator-status/o1/s1': [200, { trainingLevel: 4, swpRead, awaitingVerification: false }],
    '/api/alerts/operator-alerts/A3/o1': alerts,
    '/api/alerts/operator-alerts/zone/A3': alerts,
    '/api/island/obligations/A3/o1': obligations,
    '/api/swps/swp-with-urls/s1': [200, { swp: { urls: {}, served: {} } }],
  });
  renderScreens(url);
  return fetch;
}

afterEach(() => setOperator(null));

describe('alerts that could not be loaded', () => {
  it.each([
    ['refused (403)', REFUSED],
    ['a server error', [500, { error: 'x' }]],
    ['no network', new TypeError('Failed to fetch')],
  ])('the status page says so and offers no Continue: %s', async (_, alerts) => {
    showAt('/island/operator-status?part=p1', { alerts, swpRead: true });
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(FAILED);
    expect(screen.queryByText('No alerts to read')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('Try again asks the server again', async () => {
    const fetch = showAt('/island/operator-status?part=p1', { swpRead: true });
    await screen.findByRole('alert', {}, SLOW);
    const calls = fetch.mock.calls.filter(([p]) => String(p).includes('operator-alerts')).length;
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(fetch.mock.calls.filter(([p]) => String(p).includes('operator-alerts')).length).toBeGreaterThan(calls));
  });

  it('the alert screen says so instead of an alert to sign', async () => {
    showAt('/island/alert-ack?part=p1');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(FAILED);
    expect(screen.queryByText('I have fully read the alert')).toBeNull();
  });

  it("the interface's alerts view says so, never 'no current issued alerts'", async () => {
    showAt('/island/interface?part=p1&view=alerts');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(FAILED);
    expect(screen.queryByText('There are no current issued alerts for this zone')).toBeNull();
  });

  it('the instructions read: no verification while the alerts are unknown', async () => {
    showAt('/island/swp-ack?part=p1&read=swc,jes,vis');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(FAILED);
    expect(screen.queryByRole('button', { name: 'Verify Operator' })).toBeNull();
  });
});

describe('no alerts in force', () => {
  it("the interface's alerts view says the spec's words in the kit's empty state", async () => {
    showAt('/island/interface?part=p1&view=alerts', { alerts: [200, []] });
    const words = await screen.findByText('There are no current issued alerts for this zone', {}, SLOW);
    expect(words.classList.contains('ant-empty-description')).toBe(true);
    expect(words.closest('[data-testid=empty]').classList.contains('ant-empty-normal')).toBe(true);
    // Words, not a heading: the screen's headings are the operator and the part.
    expect(screen.queryByRole('heading', { name: 'There are no current issued alerts for this zone' })).toBeNull();
  });
});

describe('the reading list', () => {
  it('says it could not be loaded', async () => {
    showAt('/island/part-select', { alerts: [200, []], obligations: [500, { error: 'x' }] });
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('The reading list could not be loaded — see the team lead');
  });

  it('is absent without the readiness module (404)', async () => {
    showAt('/island/part-select', { alerts: [200, []], obligations: [404, { error: 'Not found.' }] });
    expect(await screen.findByText(/What part number/, {}, SLOW)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
