// The kiosk offline (decision 122) in jsdom: the adapter's answers from the pack (and from
// the signatures still queued), its limits, and the banner (the sealed PIN: seal.test.js).
import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { api } from '@plantdoc/kit';
import { answerFrom, DOC_PATH } from '../src/offline/answers';
import { OfflineBanner, clock } from '../src/components/OfflineBanner';
import { PACK_INFO, setPackInfo, tooLong } from '../src/offline/reach';

const HOUR = 3600 * 1000;
const NOW = Date.UTC(2026, 10, 30, 6, 14);
const file = (section, lang, sha256) => ({ section, lang, sha256, url: `/api/files/${sha256}?sig=x` });
const PACK = {
  asOf: NOW - HOUR,
  zone: 'A1',
  refreshMins: 15,
  maxHours: 12,
  signature: 'badge',
  gate: true,
  pinKey: null,
  parts: [
    {
      partNumber: '7101-0001',
      partId: 'p1',
      swp: { _id: 's1', partNumber: '7101-0001', revision: 3, contentHash: 'h1' },
      files: [file('swc', null, 'a1'), file('jes', null, 'a2'), file('vis', null, 'a3'), file('video', null, 'a4'), file('swc', 'es', 'b1')],
    },
    { partNumber: '7102-0002', partId: 'p2', swp: { _id: 's2', partNumber: '7102-0002', superseded: true }, files: [] },
  ],
  alerts: [
    { _id: 'al1', alertTag: 'S-1', partNumber: '7101-0001', files: [file(undefined, null, 'c1'), file(undefined, 'pl', 'c2')], sunset: NOW + HOUR },
    { _id: 'al2', alertTag: 'S-2', partNumber: null, files: [file(undefined, null, 'c3')], sunset: NOW - 1 },
  ],
  operators: [
    {
      _id: 'o1',
      opNo: '1001',
      fullName: 'Olivia Grant',
      position: 'operator',
      badge: '1001',
      language: 'en',
      levels: { '7101-0001': { level: 4, reason: null } },
      signsAsOperator: true,
      mayVerify: false,
    },
    {
      _id: 'o2',
      opNo: '1002',
      fullName: 'Omar Haddad',
      position: 'operator',
      badge: '1002',
      language: 'es',
      levels: {},
      signsAsOperator: true,
      mayVerify: false,
    },
  ],
  signed: [{ opId: 'o1', alertId: 'al1', versionHash: 'c1', signedAt: NOW - 2 * HOUR, expires: NOW + 80 * 24 * HOUR, verified: true }],
  obligations: null,
};
const ask = (path, queue = [], now = NOW) => answerFrom(PACK, queue, { idleSecs: 90 }, path, new TypeError('Failed to fetch'), now);

describe('the offline adapter', () => {
  test('a badge is its operator; an unknown badge is refused as the server refuses it', async () => {
    await expect(ask('/api/island/operator-from-badge/1002')).resolves.toEqual({
      _id: 'o2',
      opNo: '1002',
      fullName: 'Omar Haddad',
      position: 'operator',
      lang: 'es',
    });
    await expect(ask('/api/island/operator-from-badge/999')).rejects.toMatchObject({ status: 403 });
  });

  test('operator status: the level of the pack, -1 without one; read once verified, awaiting while only read', async () => {
    const a = await ask('/api/island/operator-status/o1/s1');
    expect(a).toMatchObject({ trainingLevel: 4, swpRead: false, awaitingVerification: false, partNumber: '7101-0001', signedAt: null });
    expect((await ask('/api/island/operator-status/o2/s1')).trainingLevel).toBe(-1);
    const read = { path: '/api/island/operator-read-swp', body: { opId: 'o1', swpId: 's1' }, kioskTime: NOW - 1000 };
    expect(await ask('/api/island/operator-status/o1/s1', [read])).toMatchObject({ swpRead: false, awaitingVerification: true });
    const verify = { path: '/api/island/verify-swp', body: { opId: 'o1', swpId: 's1', badgeNo: '9031' }, kioskTime: NOW };
    const done = await ask('/api/island/operator-status/o1/s1', [read, verify]);
    expect(done).toMatchObject({ swpRead: true, awaitingVerification: false, signedAt: new Date(NOW - 1000).toISOString() });
  });

  test("documents are the kept copies by hash, in the kiosk's language where translated", async () => {
    const { swp } = await ask('/api/swps/swp-with-urls/s1?lang=es');
    expect(swp.urls).toEqual({ swc: `${DOC_PATH}b1`, jes: `${DOC_PATH}a2`, vis: `${DOC_PATH}a3`, video: `${DOC_PATH}a4` });
    expect(swp.served).toEqual({ swc: { lang: 'es', sha256: 'b1' }, jes: { lang: null, sha256: 'a2' }, vis: { lang: null, sha256: 'a3' } });
    await expect(ask('/api/alerts/file/al1?lang=pl')).resolves.toEqual({ url: `${DOC_PATH}c2`, served: { lang: 'pl', sha256: 'c2' } });
    expect((await ask('/api/swps/deployed-swp?partId=p1')).details).toMatchObject({ _id: 's1', revision: 3 });
    expect(await ask('/api/swps/deployed-swp-part-numbers?searchTerm=71&limit=10')).toEqual({ swpList: [{ _id: 'p1', partNumber: '7101-0001' }] });
  });

  test('alerts: past their sunset never shown; an operator has only those not verified', async () => {
    expect((await ask('/api/alerts/operator-alerts/zone/A1')).map((a) => a._id)).toEqual(['al1']);
    expect(await ask('/api/alerts/operator-alerts/A1/o1')).toEqual([]);
    expect((await ask('/api/alerts/operator-alerts/A1/o2')).map((a) => a._id)).toEqual(['al1']);
    await expect(ask('/api/alerts/file/al2')).rejects.toMatchObject({ status: 404 });
  });

  test('a superseded revision is never shown', async () => {
    await expect(ask('/api/swps/swp-with-urls/s2')).rejects.toMatchObject({ status: 404 });
    await expect(ask('/api/swps/deployed-swp?partId=p2')).rejects.toMatchObject({ status: 404 });
  });

  test('under change control the revision in force until its successor takes over, then the successor, never both', async () => {
    const at = NOW + HOUR;
    const held = {
      ...PACK,
      parts: [
        {
          partNumber: '7103-0003',
          partId: 'p3',
          swp: { _id: 's3', partNumber: '7103-0003', revision: 1 },
          files: [file('swc', null, 'd1')],
          from: null,
          until: at,
        },
        {
          partNumber: '7103-0003',
          partId: 'p3',
          swp: { _id: 's4', partNumber: '7103-0003', revision: 2 },
          files: [file('swc', null, 'e1')],
          from: at,
          until: null,
        },
      ],
    };
    const askAt = (path, now) => answerFrom(held, [], null, path, new TypeError('Failed to fetch'), now);
    const list = '/api/swps/deployed-swp-part-numbers?searchTerm=7103&limit=10';
    for (const [now, shown, not] of [
      [at - 1, 's3', 's4'],
      [at, 's4', 's3'],
    ]) {
      expect((await askAt('/api/swps/deployed-swp?partId=p3', now)).details._id).toBe(shown);
      expect((await askAt(`/api/swps/swp-with-urls/${shown}`, now)).swp.urls.swc).toBe(`${DOC_PATH}${shown === 's3' ? 'd1' : 'e1'}`);
      await expect(askAt(`/api/swps/swp-with-urls/${not}`, now)).rejects.toMatchObject({ status: 404 });
      await expect(askAt(`/api/island/operator-status/o1/${not}`, now)).rejects.toMatchObject({ status: 404 });
      expect(await askAt(list, now)).toEqual({ swpList: [{ _id: 'p3', partNumber: '7103-0003' }] });
    }
  });

  test("an alert's url is its kept copy", async () => {
    expect((await ask('/api/alerts/operator-alerts/zone/A1'))[0].url).toBe(`${DOC_PATH}c1`);
  });

  test('past maxHours without the server the documents stop', async () => {
    const late = NOW + 12 * HOUR;
    await expect(ask('/api/swps/swp-with-urls/s1', [], late)).rejects.toMatchObject({ status: 503, message: 'Offline too long — see the team lead' });
    await expect(ask('/api/alerts/file/al1', [], late)).rejects.toMatchObject({ status: 503 });
    // The badge still signs in (the screens then say why nothing shows).
    await expect(ask('/api/island/operator-from-badge/1001', [], late)).resolves.toMatchObject({ _id: 'o1' });
    expect(tooLong({ asOf: NOW, maxHours: 12 }, NOW + 12 * HOUR)).toBe(false);
    expect(tooLong({ asOf: NOW, maxHours: 12 }, NOW + 12 * HOUR + 1)).toBe(true);
  });

  test('what the pack does not hold stays the original failure', async () => {
    const error = new TypeError('Failed to fetch');
    await expect(answerFrom(PACK, [], null, '/api/swps/search-text?q=x', error, NOW)).rejects.toBe(error);
  });
});

describe('the offline banner', () => {
  test('shown while the server does not answer, with the pack time; gone when it answers', async () => {
    setPackInfo({ asOf: NOW - HOUR, maxHours: 12 });
    const answers = { up: false };
    globalThis.fetch = async () => {
      if (!answers.up) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    await act(() => api.get('/api/island/kiosk-config', { noFallback: true }).catch(() => {}));
    expect(screen.getByTestId('offline-banner').textContent).toBe(`Offline — documents as of ${clock(NOW - HOUR)}`);
    // Older than the limit: documents stop.
    act(() => setPackInfo({ asOf: Date.now() - 13 * HOUR, maxHours: 12 }));
    expect(screen.getByTestId('offline-banner').textContent).toBe('Offline too long — see the team lead');
    answers.up = true;
    await act(() => api.get('/api/island/kiosk-config'));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    localStorage.removeItem(PACK_INFO);
  });
});
