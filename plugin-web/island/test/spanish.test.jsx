// The kiosk in Spanish (decision 77): the part select, the status cards, the reading and
// verification screens show no English text of this module (names, part numbers, alert
// tags and the acronyms SWC/JES/VIS stay as they are).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { setKioskSettings, setLanguage } from '@plantdoc/kit';
import { renderWithQuery as render, stubFetch } from '../../kit/test/helpers';
import { englishLeft, shownText } from '../../../web-tests/i18n-english-left.mjs';
import '../src/index';
import { renderScreens } from './screens';
import { setOperator } from '../src/state';
import { addRead } from '../src/sitting';
import { History } from '../src/components/History';
import { DocSearch } from '../src/components/DocSearch';
import { WhatChanged } from '../src/components/WhatChanged';

// A "PDF" is its words, page by page, named in the link (as in findAndCompare.test.jsx).
vi.mock('../../kit/src/compare/pdf.js', async (original) => {
  const real = await original();
  const openPdf = async (url) => {
    const pages = new URL(url, 'http://x').searchParams
      .get('p')
      .split('|')
      .map((p) => p.split(' '));
    return { doc: { numPages: pages.length }, pages, stamped: pages.map(() => true) };
  };
  return { ...real, openPdf };
});

const OP = { _id: 'o1', opNo: '7', fullName: 'Olga Nowak' };
const SWP = { _id: 's1', partNumber: '7101-0001', changes: 'Torque 12 Nm', urls: { video: null } };
const SAFETY = { _id: 'a1', alertTag: 'S-2026-0001', alertType: 'Safety' };
const QUALITY = { _id: 'a2', alertTag: 'Q-2026-0002', alertType: 'Quality' };
const signed = { date: '2026-11-02T08:00:00.000Z' };

function stub({ level = 2, swpRead = false, alerts = [SAFETY] } = {}) {
  stubFetch({
    '/api/island/kiosk-config': [200, { idleSecs: 120, signature: 'badge' }],
    '/api/swps/deployed-swp': [200, { details: SWP }],
    '/api/island/operator-status/o1/s1': [200, { trainingLevel: level, swpRead, awaitingVerification: false }],
    '/api/alerts/operator-alerts/A1/o1': [200, alerts],
    '/api/alerts/operator-alerts/zone/A1': [200, alerts],
    '/api/island/obligations/A1/o1': [200, [{ partId: 'p1', partNumber: '7101-0001', alertTag: 'S-2026-0001', dueDate: '2026-12-01T00:00:00.000Z' }]],
    // The SWC only in its original language: the notice shows (decision 82).
    '/api/swps/swp-with-urls/s1': [200, { swp: { urls: {}, served: { swc: { lang: null, sha256: 'ab' } } } }],
    '/api/island/sign-history/s1': [200, { opsSigned: [{ _id: 'r1', op: OP, cl: { fullName: 'Sam Ortiz' }, dateSigned: signed, dateVerified: signed }] }],
  });
}

/** The screen at `url` in Spanish; `sitting`: what the operator has read (unverified). */
async function showAt(url, { op = OP, sitting = [], ...answers } = {}) {
  await act(() => setLanguage('es'));
  setKioskSettings({ zone: 'A1' });
  if (op) setOperator(op);
  sitting.forEach(addRead);
  stub(answers);
  return renderScreens(url);
}

afterEach(async () => {
  setOperator(null);
  await act(() => setLanguage('en'));
});

const SLOW = { timeout: 10000 };

describe('the kiosk in Spanish', () => {
  it.each([
    ['the part select', '/island/part-select', {}, 'Por leer:'],
    ['the part select without an operator', '/island/part-select', { op: null }, '¡Hola, visitante! ¿Qué número de parte desea cargar?'],
    ['the status cards', '/island/operator-status?part=p1', {}, 'Nivel 2: Capacitado para operar al ritmo adecuado'],
    ['the status cards, alerts counted', '/island/operator-status?part=p1', { alerts: [SAFETY, QUALITY] }, '2 alertas por leer'],
    ['the status cards, all read', '/island/operator-status?part=p1', { level: 4, swpRead: true, alerts: [] }, 'Instrucciones leídas'],
    ['the SWP being read', '/island/swp-ack?part=p1', {}, 'He leído la SWC'],
    ['the SWP, not in Spanish yet', '/island/swp-ack?part=p1', {}, 'Este documento aún no está disponible en su idioma.'],
    ['the SWP verified', '/island/swp-ack?part=p1&step=verified&tag=S-2026-0001', {}, 'Verificado correctamente'],
    ['the alert being read', '/island/alert-ack?part=p1', { alerts: [SAFETY, QUALITY] }, 'Alerta de seguridad'],
    ['the alert approved', '/island/alert-ack?part=p1&step=approved&tag=S-2026-0001', {}, 'Alerta aprobada'],
    ['the sign history', '/island/interface?part=p1&view=history', {}, 'Verificado'],
    ['the zone alerts', '/island/interface?part=p1&view=alerts', { alerts: [] }, 'No hay alertas vigentes para esta zona'],
    ['the reference screen', '/island/reference', { op: null }, 'SOLO PARA CONSULTA'],
    ['the reference search in documents', '/island/reference?mode=text', { op: null }, 'Buscar'],
  ])('%s', async (_, url, answers, shown) => {
    const { container } = await showAt(url, answers);
    expect((await screen.findAllByText(shown, {}, SLOW)).length).toBeGreaterThan(0);
    expect(englishLeft('island', shownText(container))).toEqual([]);
  });

  it('the verify card lists the sitting, with what is left to read', async () => {
    const sitting = [
      { kind: 'swp', id: 's1', label: '7101-0001' },
      { kind: 'alert', id: 'a1', label: 'S-2026-0001' },
    ];
    const { container } = await showAt('/island/alert-ack?part=p1&step=verify', { alerts: [SAFETY, QUALITY], sitting });
    expect(await screen.findByText('Verificación requerida', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Confirme que Olga Nowak ha leído todo lo siguiente:')).toBeTruthy();
    expect(screen.getByText('Instrucciones para la parte 7101-0001')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leer la siguiente alerta' })).toBeTruthy();
    expect(englishLeft('island', shownText(container))).toEqual([]);
  });
});

describe('the kiosk in Spanish: history meaning, search in documents, what changed', () => {
  it("the history's meaning and mode", async () => {
    await act(() => setLanguage('es'));
    stubFetch({
      '/api/island/sign-history/s1': [
        200,
        { opsSigned: [{ _id: 'r1', op: OP, dateSigned: signed, dateVerified: signed, signMeaning: 'Read', signMode: 'badge+pin', verifyMeaning: 'Verified' }] },
      ],
    });
    const { container } = render(<History swpId="s1" />);
    expect(await screen.findByText('Leído (gafete+PIN), Verificado (gafete)', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Significado' })).toBeTruthy();
    expect(englishLeft('island', shownText(container))).toEqual([]);
  });

  it('the results of a search in documents', async () => {
    await act(() => setLanguage('es'));
    const hit = { swpId: 's9', partNumber: '7101-0001', revision: 1, section: 'jes', page: 2, snippet: 'el <mark>torque</mark>' };
    stubFetch({ '/api/swps/search-text': [200, { results: Array(6).fill(hit), total: 7 }] });
    const { container } = render(<DocSearch q="torque" page={1} onSearch={() => {}} onOpen={() => {}} />);
    expect(await screen.findByText('7 páginas encontradas', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByText('7101-0001 rev. 1 · JES página 2')).toHaveLength(6);
    expect(screen.getByText('Página 1 de 2')).toBeTruthy();
    expect(englishLeft('island', shownText(container))).toEqual([]);
  });

  it('what changed since the revision signed', async () => {
    await act(() => setLanguage('es'));
    const pdf = (pages) => `/f/doc?p=${encodeURIComponent(pages.join('|'))}`;
    const earlier = {
      _id: 'rev0',
      revision: 0,
      signedAt: '2026-03-04T14:05:00.000Z',
      urls: { swc: pdf(['one', 'torque 20']), jes: pdf(['same']), vis: pdf(['a', 'b']) },
    };
    stubFetch({ '/api/swps/last-signed/rev1/o1': [200, { lastSigned: earlier }] });
    const links = { swc: pdf(['one', 'torque 30', 'new']), jes: pdf(['same']), vis: pdf(['a']) };
    const { container } = render(<WhatChanged swpId="rev1" opId="o1" links={links} open={() => {}} />);
    expect(await screen.findByText('Qué cambió', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('changed-swc').textContent).toBe('SWC: Página 2Página 3 (agregada)'));
    expect(screen.getByTestId('changed-jes').textContent).toBe('JES: ninguna página cambió');
    expect(screen.getByRole('button', { name: 'VIS página 2 (eliminada): comparar' })).toBeTruthy();
    expect(englishLeft('island', shownText(container))).toEqual([]);
  });
});
