// One verifier scan per sitting (decision 59): the items read are listed, one badge
// sends the spec's verify call for each (its own key), a 409 is shown and skipped, a
// refused verifier stops and keeps what is left for the next badge.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SittingVerify, verifiedLines } from '../src/components/Cards';
import { setOperator } from '../src/state';
import { addRead, getSitting } from '../src/sitting';

const OP = { _id: 'op-1', fullName: 'Olivia Grant' };
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderVerify(onVerified) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SittingVerify op={OP} onVerified={onVerified} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function scan(badge) {
  const field = screen.getByLabelText('Badge');
  await act(async () => {
    fireEvent.change(field, { target: { value: badge } });
    fireEvent.keyDown(field, { key: 'Tab' });
  });
}

describe('the sitting', () => {
  afterEach(() => {
    setOperator(null);
    localStorage.clear();
  });

  test('kept once per item, cleared with the operator', () => {
    setOperator(OP);
    addRead({ kind: 'swp', id: 's1', label: '7101-0001' });
    addRead({ kind: 'alert', id: 'a1', label: 'S-2026-0001' });
    addRead({ kind: 'swp', id: 's1', label: '7101-0001' });
    expect(getSitting().map((i) => i.id)).toEqual(['a1', 's1']);
    setOperator(null);
    expect(getSitting()).toEqual([]);
  });

  test('one badge verifies every item read, one call and key each', async () => {
    setOperator(OP);
    addRead({ kind: 'swp', id: 's1', label: '7101-0001' });
    addRead({ kind: 'alert', id: 'a1', label: 'S-2026-0001' });
    addRead({ kind: 'alert', id: 'a2', label: 'Q-2026-0002' });
    const calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path, init) => {
        calls.push([path, JSON.parse(init.body)]);
        return json(200, { verified: true });
      }),
    );
    const onVerified = vi.fn();
    renderVerify(onVerified);
    expect(screen.getByText('Please confirm Olivia Grant has read all of these:')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Being verified' });
    expect(list.textContent).toContain('Instructions for part 7101-0001');
    expect(list.textContent).toContain('Alert Q-2026-0002');
    await scan('9031');
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(calls.map(([p, b]) => [p, b.badgeNo, b.swpId || b.alertId])).toEqual([
      ['/api/island/verify-swp', '9031', 's1'],
      ['/api/island/verify-alert', '9031', 'a1'],
      ['/api/island/verify-alert', '9031', 'a2'],
    ]);
    expect(calls[0][1]).toMatchObject({ opId: 'op-1', opName: 'Olivia Grant', partNumber: '7101-0001' });
    expect(new Set(calls.map(([, b]) => b.key)).size).toBe(3);
    expect(getSitting()).toEqual([]);
  });

  test('a refused verifier stops; the next badge verifies what is left', async () => {
    setOperator(OP);
    addRead({ kind: 'alert', id: 'a1', label: 'S-2026-0001' });
    addRead({ kind: 'alert', id: 'a2', label: 'Q-2026-0002' });
    addRead({ kind: 'alert', id: 'a3', label: 'C-2026-0003' });
    const calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_p, init) => {
        const b = JSON.parse(init.body);
        calls.push(`${b.badgeNo}:${b.alertId}`);
        if (b.alertId === 'a1') return json(409, { error: 'This alert is no longer in force.' });
        if (b.badgeNo === '1001' && b.alertId === 'a2')
          return json(403, { error: 'Operators cannot verify themselves. Another person must scan their own badge.' });
        return json(200, { verified: true });
      }),
    );
    const onVerified = vi.fn();
    renderVerify(onVerified);
    await scan('1001');
    await screen.findByText('Operators cannot verify themselves. Another person must scan their own badge.');
    expect(screen.getByText('Alert S-2026-0001: This alert is no longer in force.')).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
    await scan('9031');
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(calls).toEqual(['1001:a1', '1001:a2', '9031:a2', '9031:a3']);
  });

  test("badge+pin: the operator's own badge is refused at once and the field stays a badge field; a verifier's badge asks for the PIN", async () => {
    setOperator(OP);
    addRead({ kind: 'swp', id: 's1', label: '7101-0001' });
    const SELF = 'Operators cannot verify themselves. Another person must scan their own badge.';
    const calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path, init) => {
        if (path.endsWith('/kiosk-config')) return json(200, { signature: 'badge+pin' });
        const b = JSON.parse(init.body);
        calls.push(`${b.badgeNo}:${b.pin ?? '-'}`);
        // The server's order: the badge's right to verify, then the PIN (400 `pin` when missing).
        if (b.badgeNo === '1001') return json(403, { error: SELF });
        if (!b.pin) return json(400, { pin: 'Please enter your PIN.' });
        return json(200, { verified: true });
      }),
    );
    const onVerified = vi.fn();
    renderVerify(onVerified);
    await screen.findByText('Scan your badge to verify');
    await scan('1001');
    await screen.findByText(SELF);
    // Still the badge field, not a PIN field: the team lead's badge is taken as a badge.
    expect(screen.getByText('Scan your badge to verify')).toBeTruthy();
    expect(screen.queryByLabelText('PIN')).toBeNull();
    await scan('2001');
    await screen.findByText('Enter your PIN');
    const pin = screen.getByLabelText('PIN');
    await act(async () => {
      fireEvent.change(pin, { target: { value: '4826' } });
      fireEvent.keyDown(pin, { key: 'Enter' });
    });
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(calls).toEqual(['1001:-', '2001:-', '2001:4826']);
  });

  test('one item keeps the spec prompt; the result lines are the spec texts', () => {
    setOperator(OP);
    addRead({ kind: 'alert', id: 'a1', label: 'S-2026-0001' });
    renderVerify(() => {});
    expect(screen.getByText('Please confirm Olivia Grant has read all the alert S-2026-0001')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(verifiedLines('Olivia Grant', '7101-0001', ['S-2026-0001'])).toEqual([
      'Olivia Grant has successfully been verified for part number 7101-0001',
      'Olivia Grant has read the necessary alert (S-2026-0001) for this part number',
    ]);
  });
});
