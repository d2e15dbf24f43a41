// The readiness page in Spanish (decision 77): no English text of this module is left on
// screen, in the empty state and with a summary (its zones' labels too) and its obligations.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage, translate } from '@plantdoc/kit';
import { usedKeys } from '../../../web-tests/i18n-keys.mjs';
import '../src/index';
import { ReadinessPage } from '../src/pages/ReadinessPage';
import { renderWithQuery as render, stubFetch } from '../../kit/test/helpers';

const asWords = (key) => new RegExp(`(?<!\\p{L})${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
/** The module's English keys (4+ letters, no placeholder) whose Spanish differs, found as words in `text`. */
const englishIn = (text) =>
  [...usedKeys().get('readiness').keys()].filter(
    (key) => /[A-Za-z]{4}/.test(key) && !key.includes('{{') && translate('readiness', key) !== key && asWords(key).test(text),
  );

const row = (state) => ({
  _id: `o-${state}`,
  operator: { _id: 'op1', opNo: 'OP1', fullName: 'Olivia Grant' },
  kind: state === 'open' ? 'alert' : 'swp',
  partNumber: 'P-1',
  docId: 'd1',
  revision: 2,
  alertTag: 'Q-7',
  reason: 'new-revision',
  dueDate: { date: '2026-01-08T00:00:00.000Z' },
  state,
  doneDate: null,
});

const page = (at) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <ReadinessPage />
    </MemoryRouter>,
  );

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('readiness in Spanish', () => {
  it('explains the empty state in Spanish', async () => {
    await act(() => setLanguage('es'));
    stubFetch({ '/api/readiness/summary': [200, []], '/api/readiness/obligations': [200, { results: [], total: 0 }] });
    const { container } = page('/main/readiness');
    expect(await screen.findByText(/Aún no hay obligaciones de lectura/)).toBeTruthy();
    expect(englishIn(container.textContent)).toEqual([]);
  });

  it('shows the summary, the filters and the obligations in Spanish', async () => {
    await act(() => setLanguage('es'));
    stubFetch({
      '/api/readiness/summary': [
        200,
        [
          { key: 'A1', label: 'A Zone 1', open: 3, overdue: 1, dueSoon: 1, done: 1, donePct: 25 },
          { key: 'shipping', label: 'Shipping', open: 0, overdue: 0, dueSoon: 0, done: 0, donePct: 0 },
        ],
      ],
      '/api/readiness/obligations': [200, { results: [row('overdue'), row('open')], total: 2 }],
    });
    const { container } = page('/main/readiness?zone=A1');
    expect((await screen.findAllByText('OP1 Olivia Grant')).length).toBe(2);
    expect(await screen.findByText('3 abiertas · 1 por vencer · 1 terminadas en 30 días')).toBeTruthy();
    expect(screen.getByText('1 vencida')).toBeTruthy();
    // The zones' lines: the server's English labels in Spanish.
    expect(screen.getByText('Zona A 1')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Zona A 1: terminadas' })).toBeTruthy();
    expect(screen.getByText('Expedición')).toBeTruthy();
    expect(container.textContent).not.toMatch(/A Zone 1|Shipping/);
    expect(screen.getByText('Alerta Q-7')).toBeTruthy();
    expect(screen.getAllByText('Nueva revisión').length).toBe(2);
    expect(englishIn(container.textContent)).toEqual([]);
  });
});
