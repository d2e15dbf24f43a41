// badge+pin at the kiosk (decision 100): a person with no PIN reads the server's 'You have
// no PIN yet' under the field; a one-time PIN asks for the person's own, typed twice with
// the rules shown, and only two equal entries are sent; a refused new PIN is asked again.
// Offline (decision 125) the pack says who must replace their PIN: asked at once, the rules
// checked on the netbook, both PINs handed to the outbox together.
import { afterAll, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { api, ApiError } from '@plantdoc/kit';
import { PinInput } from '../src/components/Pin';
import { db } from '../src/offline/db';
import { replacedHere, toReplace } from '../src/offline/pins';

const NO_PIN = 'You have no PIN yet — ask your team lead';
const CHOOSE = 'This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.';

async function type(label, value) {
  const field = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.change(field, { target: { value } });
    fireEvent.keyDown(field, { key: 'Enter' });
  });
}

/** A sign call answering the server's way: no PIN, or a one-time PIN 482913 to replace. */
function server({ hasPin = true, refuse = {} } = {}) {
  return vi.fn(async ({ pin, newPin }) => {
    if (!hasPin) throw new ApiError(403, { error: NO_PIN });
    if (pin !== '482913') throw new ApiError(403, { error: 'This PIN is not correct. If you have no PIN yet, please ask your manager for one.' });
    if (!newPin) throw new ApiError(400, { newPin: CHOOSE });
    if (refuse[newPin]) throw new ApiError(400, { newPin: refuse[newPin] });
    return { signed: true };
  });
}

describe('the kiosk PIN', () => {
  test('a person with no PIN is told so under the field', async () => {
    const sign = server({ hasPin: false });
    render(<PinInput sign={sign} />);
    expect(screen.getByText('Enter your PIN')).toBeTruthy();
    await type('PIN', '2580');
    expect(screen.getByRole('alert').textContent).toBe(NO_PIN);
    expect(sign).toHaveBeenCalledWith({ pin: '2580' });
  });

  test('a one-time PIN asks for a new one twice, with the rules, and sends it once both match', async () => {
    const sign = server();
    render(<PinInput sign={sign} />);
    expect(screen.queryByTestId('pin-rules')).toBeNull();
    await type('PIN', '482913');
    expect(screen.getByText(CHOOSE)).toBeTruthy();
    expect(screen.getByTestId('pin-rules').textContent).toMatch(
      /Not your badge or operator number, not one digit repeated \(1111\), not a run like 1234 or 4321/,
    );
    await type('New PIN', '61427');
    expect(screen.getByText('Type your new PIN again.')).toBeTruthy();
    expect(sign).toHaveBeenCalledTimes(1);
    // Not the same: nothing sent, chosen again from the start.
    await type('New PIN again', '61428');
    expect(screen.getByRole('alert').textContent).toBe('The two PINs are not the same. Please choose your PIN again.');
    expect(sign).toHaveBeenCalledTimes(1);
    await type('New PIN', '61427');
    await type('New PIN again', '61427');
    expect(sign).toHaveBeenCalledTimes(2);
    expect(sign).toHaveBeenLastCalledWith({ pin: '482913', newPin: '61427' });
  });

  test('a new PIN the server refuses (the badge, a run) shows its reason and is asked again', async () => {
    const LIKE_BADGE = 'A PIN cannot be your badge or operator number. Please choose another.';
    const sign = server({ refuse: { 1001: LIKE_BADGE } });
    render(<PinInput sign={sign} />);
    await type('PIN', '482913');
    await type('New PIN', '1001');
    await type('New PIN again', '1001');
    expect(screen.getByRole('alert').textContent).toBe(LIKE_BADGE);
    expect(screen.getByLabelText('New PIN')).toBeTruthy();
    await type('New PIN', '73914');
    await type('New PIN again', '73914');
    expect(sign).toHaveBeenLastCalledWith({ pin: '482913', newPin: '73914' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const holder = (id, badge, mustReplacePin) => ({ _id: id, opNo: badge, fullName: id, position: 'operator', badge, mustReplacePin, levels: {} });
const PACK = { asOf: 1000, operators: [holder('o1', '1001', true), holder('v1', '2001', false), holder('v2', '2002', true)] };

/** The server stops answering (or answers again): the kit's reach, as a real call sets it. */
async function serverAnswers(up) {
  globalThis.fetch = async () => {
    if (!up) throw new TypeError('Failed to fetch');
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  await act(() => api.get('/api/island/kiosk-config', { noFallback: true }).catch(() => {}));
}

describe('the kiosk PIN offline', () => {
  afterAll(() => serverAnswers(true));

  test('a one-time PIN of the pack asks for a new one at once, checks its rules here, and hands both on', async () => {
    await (await db()).put('kv', PACK, 'pack');
    await serverAnswers(false);
    // The outbox keeps it offline: no 'choose your own PIN' can come from the server.
    const sign = vi.fn(async () => ({ queued: true, offline: true }));
    render(<PinInput sign={sign} signer={{ id: 'o1' }} />);
    await type('PIN', '482913');
    expect(await screen.findByText(CHOOSE)).toBeTruthy();
    expect(screen.getByTestId('pin-rules')).toBeTruthy();
    for (const [pin, why] of [
      ['1001', 'A PIN cannot be your badge or operator number. Please choose another.'],
      ['4321', 'This PIN is too easy to guess (one digit repeated, or a run like 1234). Please choose another.'],
      ['482913', 'Please choose a PIN other than the one you were given.'],
      ['12a4', 'A PIN is 4 to 8 digits.'],
    ]) {
      await type('New PIN', pin);
      await type('New PIN again', pin);
      await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe(why));
    }
    expect(sign).not.toHaveBeenCalled();
    await type('New PIN', '61427');
    await type('New PIN again', '61427');
    await vi.waitFor(() => expect(sign).toHaveBeenLastCalledWith({ pin: '482913', newPin: '61427' }));
    expect(sign).toHaveBeenCalledTimes(1);
  });

  test('replaced in an act queued here, the next act takes the new PIN; others and online as before', async () => {
    await (await db()).put('kv', PACK, 'pack');
    await serverAnswers(false);
    expect((await toReplace({ id: 'o1' }))?._id).toBe('o1');
    await replacedHere({ id: 'o1' });
    expect(await toReplace({ id: 'o1' })).toBeNull();
    // A newer pack says how the server took it: still one-time (a refused act) asks again.
    await (await db()).put('kv', { ...PACK, asOf: 2000 }, 'pack');
    expect((await toReplace({ id: 'o1' }))?._id).toBe('o1');
    await (await db()).put('kv', PACK, 'pack');
    const sign = vi.fn(async () => ({ queued: true }));
    const { unmount } = render(<PinInput sign={sign} signer={{ id: 'o1' }} />);
    await type('PIN', '61427');
    await vi.waitFor(() => expect(sign).toHaveBeenLastCalledWith({ pin: '61427' }));
    unmount();
    // A verifier named by badge: their own PIN, sent as typed.
    const verifier = render(<PinInput sign={sign} signer={{ badge: '2001' }} />);
    await type('PIN', '7391');
    await vi.waitFor(() => expect(sign).toHaveBeenLastCalledWith({ pin: '7391' }));
    verifier.unmount();
    // Online the server says whether a PIN is one-time, whatever the pack holds.
    await serverAnswers(true);
    const online = server();
    render(<PinInput sign={online} signer={{ badge: '2002' }} />);
    await type('PIN', '482913');
    await vi.waitFor(() => expect(online).toHaveBeenCalledWith({ pin: '482913' }));
    expect(await screen.findByText(CHOOSE)).toBeTruthy();
  });
});
