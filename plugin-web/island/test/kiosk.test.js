// The kiosk's pure rules and its outbox (no lost signature) in jsdom.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { statuses, trainingColour } from '../src/components/status';
import { historyRows, SIGN_VALID_MS } from '../src/components/History';
import { OUTBOX_KEY, PENDING_TEXT, flush, pendingCount, queued, send } from '../src/outbox';
import { DB_NAME, closeDb } from '../src/offline/db';
import { api } from '@plantdoc/kit';
import { createElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { OfflineBanner, clock } from '../src/components/OfflineBanner';

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

describe('outbox (IndexedDB)', () => {
  beforeEach(async () => {
    await closeDb();
    await new Promise((r) => {
      const req = indexedDB.deleteDatabase(DB_NAME);
      req.onsuccess = req.onerror = r;
    });
    // The server answers again (the kit keeps whether it did).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await api.get('/api/ping');
  });
  afterEach(() => localStorage.clear());
  const ok = () => new Response(JSON.stringify({ signed: true }), { status: 200, headers: { 'content-type': 'application/json' } });

  test('keeps an unanswered call with its key and kiosk time, marks it offline, resends the same key', async () => {
    const bodies = [];
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path, init) => {
        bodies.push(JSON.parse(init.body));
        if (!up) throw new TypeError('Failed to fetch');
        return ok();
      }),
    );
    const pending = vi.fn();
    const before = Date.now();
    // The screen goes on once the signature is kept.
    await expect(send('/api/island/operator-read-swp', { opId: 'o', swpId: 's' }, pending)).resolves.toEqual({ queued: true, offline: true });
    expect(pending).toHaveBeenCalledWith(PENDING_TEXT);
    const [item] = await queued();
    expect(item).toMatchObject({ body: { opId: 'o', swpId: 's' }, offline: true });
    expect(item.kioskTime).toBeGreaterThanOrEqual(before);
    expect(await pendingCount()).toBe(1);
    up = true;
    await flush();
    expect(await pendingCount()).toBe(0);
    expect(new Set(bodies.map((b) => b.key)).size).toBe(1);
    // Sent again as an offline signature with the time it was made.
    expect(bodies.at(-1)).toMatchObject({ offline: true, kioskTime: item.kioskTime, key: item.key });
  });

  test("answered at once: no offline flag, the answer is the server's", async () => {
    const bodies = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_p, init) => {
        bodies.push(JSON.parse(init.body));
        return ok();
      }),
    );
    await expect(send('/api/island/operator-read-swp', { opId: 'o' })).resolves.toEqual({ signed: true });
    expect(bodies[0].offline).toBeUndefined();
    expect(bodies[0].kioskTime).toBeUndefined();
  });

  test('sent in order: the second waits behind the first', async () => {
    const paths = [];
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path) => {
        if (!up) throw new TypeError('Failed to fetch');
        paths.push(path);
        return ok();
      }),
    );
    await send('/api/island/operator-read-swp', { n: 1 });
    await send('/api/island/verify-swp', { n: 2 });
    expect((await queued()).map((i) => i.body.n)).toEqual([1, 2]);
    up = true;
    await flush();
    expect(paths).toEqual(['/api/island/operator-read-swp', '/api/island/verify-swp']);
  });

  test('moves items an older build left in localStorage', async () => {
    localStorage.setItem(OUTBOX_KEY, JSON.stringify([{ key: 'old', path: '/api/island/verify-alert', body: { alertId: 'a' } }]));
    expect((await queued()).map((i) => i.key)).toEqual(['old']);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  test('a signature kept offline and refused on sync is said on screen until closed', async () => {
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!up) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ error: 'Wrong PIN.' }), { status: 403, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(createElement(OfflineBanner));
    await expect(send('/api/island/operator-read-swp', { opId: 'o', swpId: 's' })).resolves.toEqual({ queued: true, offline: true });
    const [item] = await queued();
    up = true;
    await act(() => flush());
    expect(await pendingCount()).toBe(0);
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toContain(`A signature made at ${clock(item.kioskTime)} was refused when it was sent: Wrong PIN. — see the team lead`);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('a refusal is removed and reported', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'No.' }), { status: 403, headers: { 'content-type': 'application/json' } })),
    );
    await expect(send('/api/island/verify-swp', { badgeNo: '1' })).rejects.toThrow('No.');
    expect(await pendingCount()).toBe(0);
  });
});
