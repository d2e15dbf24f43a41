// A waiver at the kiosk: where the training gate refuses the part, a team lead enters the
// reason and the days, scans their own badge (and PIN in badge+pin); the server's field
// errors show under the fields, its other refusals under the badge field; once granted
// the card shows the waiver's end and the status is read again. No waivers: no button.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setKioskSettings } from '@plantdoc/kit';
import { stubFetch } from '../../kit/test/helpers';
import '../src/index';
import { renderScreens } from './screens';
import { setOperator } from '../src/state';

const OP = { _id: 'o1', opNo: '7', fullName: 'Olga Nowak' };
const SWP = { _id: 's1', partNumber: '7101-0001', urls: { video: null } };
const SLOW = { timeout: 10000 };
const WAIVED = 'Waiver on 7101-0001 until the end of 2026-01-02';

/** The status page of a refused operator; `waiver(body)` answers POST /api/island/waiver. */
function refused({ signature = 'badge', maxDays = 7, waiver = () => [500, {}] } = {}) {
  setKioskSettings({ zone: 'A1' });
  setOperator(OP);
  let granted = false;
  const status = () => [
    200,
    granted ? { trainingLevel: 1, trainingReason: WAIVED, swpRead: false } : { trainingLevel: -1, trainingReason: null, swpRead: false },
  ];
  const fetch = stubFetch({
    '/api/island/kiosk-config': [200, { idleSecs: 120, signature, waiverMaxDays: maxDays }],
    '/api/swps/deployed-swp': [200, { details: SWP }],
    '/api/island/operator-status/o1/s1': status,
    '/api/alerts/operator-alerts/A1/o1': [200, []],
    'POST /api/island/waiver': (path, init) => {
      const answer = waiver(JSON.parse(init.body));
      if (answer[0] === 200) granted = true;
      return answer;
    },
  });
  renderScreens('/island/operator-status?part=p1');
  return fetch;
}

const sent = (fetch) => fetch.mock.calls.filter(([p]) => String(p).includes('/api/island/waiver')).map(([, init]) => JSON.parse(init.body));

async function scan(label, value) {
  const field = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.change(field, { target: { value } });
    fireEvent.keyDown(field, { key: 'Enter' });
  });
}

/** The form filled: reason and days, then on to the badge. */
async function fill(reason, days) {
  fireEvent.click(await screen.findByRole('button', { name: 'Grant a waiver' }, SLOW));
  fireEvent.change(await screen.findByLabelText('Reason', {}, SLOW), { target: { value: reason } });
  fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Days' })).getByText(String(days)));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('Team lead: scan your badge to grant the waiver');
}

afterEach(() => {
  setOperator(null);
  sessionStorage.clear();
});

describe('a waiver at the kiosk', () => {
  it("a team lead's badge grants it: the card shows its end, and the status passes the gate", async () => {
    const fetch = refused({
      waiver: (b) => [
        200,
        {
          _id: 'w1',
          opId: b.opId,
          partNumber: b.partNumber,
          reason: b.reason,
          starts: '2026-01-01T00:00:00.000Z',
          ends: '2026-01-03T00:00:00.000Z',
          active: true,
        },
      ],
    });
    expect(await screen.findByText('Level -1: Not trained, see the Cell Leader', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await fill('Start-up with the Cell Leader', 2);
    expect(screen.getByText(/Start-up with the Cell Leader/)).toBeTruthy();
    await scan('Badge', '2001');
    expect(sent(fetch)).toEqual([{ badgeNo: '2001', opId: 'o1', partNumber: '7101-0001', reason: 'Start-up with the Cell Leader', days: 2 }]);
    const done = await screen.findByTestId('waiver-granted');
    expect(done.textContent).toContain('Olga Nowak may run part 7101-0001 until Jan-03-26');
    fireEvent.click(screen.getByRole('button', { name: 'Back to Status' }));
    expect(await screen.findByText(WAIVED, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Level 1: Trained to run with assistance')).toBeTruthy();
    // Past the gate: the instructions card is there to open.
    expect(screen.getByText('Please read the instructions')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Grant a waiver' })).toBeNull();
  });

  it("the server's field errors show under the reason and the days, then the lead scans again", async () => {
    let calls = 0;
    const fetch = refused({
      waiver: (b) => {
        calls += 1;
        if (calls === 1) return [400, { reason: 'Please give the reason (at most 500 characters).', days: 'A waiver lasts 1 to 7 days.' }];
        return [200, { _id: 'w1', ends: '2026-01-02T00:00:00.000Z', reason: b.reason }];
      },
    });
    await fill(' ', 1);
    await scan('Badge', '2001');
    expect(await screen.findByText('Please give the reason (at most 500 characters).')).toBeTruthy();
    expect(screen.getByText('A waiver lasts 1 to 7 days.')).toBeTruthy();
    expect(screen.getByText('Please check the reason and the days.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Trainer beside the operator' } });
    expect(screen.queryByText('Please give the reason (at most 500 characters).')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await scan('Badge', '2001');
    expect(await screen.findByTestId('waiver-granted')).toBeTruthy();
    expect(sent(fetch).map((b) => b.reason)).toEqual([' ', 'Trainer beside the operator']);
  });

  it('a badge that may not grant it is refused under the badge field, and Cancel goes back to the status', async () => {
    const NOT_EDITOR = 'Only managers and supervisors of production and process edit training matrices.';
    refused({ waiver: () => [403, { error: NOT_EDITOR }] });
    await fill('Start-up', 1);
    await scan('Badge', '3001');
    expect((await screen.findByTestId('badge-error')).textContent).toBe(NOT_EDITOR);
    expect(screen.getByLabelText('Badge').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Level -1: Not trained, see the Cell Leader')).toBeTruthy();
  });

  it('in badge+pin the lead enters their PIN after the badge, and both are sent', async () => {
    const fetch = refused({
      signature: 'badge+pin',
      waiver: (b) => (b.pin === '2580' ? [200, { _id: 'w1', ends: '2026-01-08T00:00:00.000Z' }] : [400, { pin: 'Please enter your PIN.' }]),
    });
    await fill('Start-up', 7);
    await scan('Badge', '2001');
    expect(await screen.findByText('Enter your PIN')).toBeTruthy();
    await scan('PIN', '2580');
    expect(await screen.findByTestId('waiver-granted')).toBeTruthy();
    expect(sent(fetch).map((b) => [b.badgeNo, b.pin, b.days])).toEqual([
      ['2001', undefined, 7],
      ['2001', '2580', 7],
    ]);
  });

  it('with waivers off (waiverMaxDays 0) no waiver is offered', async () => {
    refused({ maxDays: 0 });
    expect(await screen.findByText('Level -1: Not trained, see the Cell Leader', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Grant a waiver' })).toBeNull();
  });
});
