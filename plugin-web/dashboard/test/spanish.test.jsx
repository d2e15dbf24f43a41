// The dashboard in Spanish (decision 77): no English text of this module is left on screen.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery, stubFetch } from '../../kit/test/helpers';
import { setLanguage, translate } from '@plantdoc/kit';
import { usedKeys } from '../../../web-tests/i18n-keys.mjs';
import '../src/index';
import { DashboardPage, SPINNER_MS } from '../src/pages/DashboardPage';

const asWords = (key) => new RegExp(`(?<!\\p{L})${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
/** The module's English keys (4+ letters, no placeholder) whose Spanish differs, found as words in `text`. */
const englishIn = (text) =>
  [...usedKeys().get('dashboard').keys()].filter(
    (key) => /[A-Za-z]{4}/.test(key) && !key.includes('{{') && translate('dashboard', key) !== key && asWords(key).test(text),
  );

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('dashboard in Spanish', () => {
  it('shows the figures, the chart and the later tabs in Spanish', async () => {
    await act(() => setLanguage('es'));
    const figures = { swpsDeployed: 3, swpsWaiting: 1, alertsWaiting: 0, alertsDeployed: 3, readingsOverdue: 2, operatorsSignedToday: 4 };
    stubFetch({ '/api/dashboard/figures': [200, { figures, signaturesByDay: [0, 1, 2, 3, 4, 5, 6] }] });
    vi.useFakeTimers();
    const { container } = renderWithQuery(<DashboardPage />);
    await act(async () => vi.advanceTimersByTime(SPINNER_MS));
    await act(async () => {
      for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(10);
    });
    vi.useRealTimers();
    await waitFor(() => expect(container.textContent).toContain('Lecturas vencidas'));
    expect(container.textContent).toContain('Firmas de esta semana');
    expect(englishIn(container.textContent)).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Estadísticas' }));
    expect(await screen.findByText('Esta función está disponible en la versión 2.0.')).toBeTruthy();
    expect(englishIn(container.textContent)).toEqual([]);
  });
});
