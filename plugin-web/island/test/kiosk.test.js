// The kiosk's pure rules and its outbox (no lost signature) in jsdom.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { statuses, trainingColour } from '../src/components/status';
import { historyRows, SIGN_VALID_MS } from '../src/components/History';
import { OUTBOX_KEY, flush, pendingCount, send } from '../src/outbox';

describe('status colours (spec section 4)', () => {
  test('training: ≤0 red, 1-3 yellow, 4 green, 5 yellow', () => {
    expect([-1, 0, 1, 3, 4, 5].map(trainingColour)).toEqual(['error', 'error', 'warning', 'warning', 'success', 'warning']);
  });
  test('alerts read when none; instructions from the server', () => {
    expect(statuses({ trainingLevel: 5, swpRead: true })).toMatchObject({ training: 'warning', alerts: 'success', instructions: 'success' });
    expect(statuses({ trainingLevel: 5, swpRead: false, alertsRead: false })).toMatchObject({ alerts: 'error', instructions: 'error' });
    expect(statuses({}).level).toBe(-1);
  });
});

test('history rows: Expires is signed + 90 days; red past 90 days', () => {
  const signed = '2026-01-01T00:00:00.000Z';
  const rec = {
    _id: 'r',
    op: { fullName: 'Olivia Grant', opNo: 'OP1001' },
    cl: { fullName: 'Sam Ortiz' },
    dateSigned: { date: signed },
    dateVerified: { date: signed },
  };
  const t0 = Date.parse(signed);
  const [fresh] = historyRows([rec], t0 + SIGN_VALID_MS);
  // §11.50: the signature's time with its UTC offset (the cell's title).
  expect(fresh.signedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d$/);
  expect(fresh).toMatchObject({ operator: 'Olivia Grant', employee: 'OP1001', verifier: 'Sam Ortiz', expires: 'Apr-01-26 12:00am', expired: false });
  expect(historyRows([rec], t0 + SIGN_VALID_MS + 1)[0].expired).toBe(true);
});

describe('outbox', () => {
  afterEach(() => localStorage.clear());
  test('keeps an unanswered call with its key and resends the same key', async () => {
    const bodies = [];
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path, init) => {
        bodies.push(JSON.parse(init.body));
        if (!up) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ signed: true }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const pending = vi.fn();
    const done = send('/api/island/operator-read-swp', { opId: 'o', swpId: 's' }, pending);
    await vi.waitFor(() => expect(pending).toHaveBeenCalled());
    expect(pendingCount()).toBe(1);
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY))[0].body).toEqual({ opId: 'o', swpId: 's' });
    up = true;
    await flush();
    await expect(done).resolves.toEqual({ signed: true });
    expect(pendingCount()).toBe(0);
    expect(new Set(bodies.map((b) => b.key)).size).toBe(1);
  });
  test('a refusal is removed and reported', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'No.' }), { status: 403, headers: { 'content-type': 'application/json' } })),
    );
    await expect(send('/api/island/verify-swp', { badgeNo: '1' })).rejects.toThrow('No.');
    expect(pendingCount()).toBe(0);
  });
});
