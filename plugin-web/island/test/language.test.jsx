// The kiosk's language (decision 75): the badge screen's switch serves whoever walks up, the
// operator's own language applies from the badge scan until Sign Out, then the page's base
// language (the kiosk account's or the plant's, set by the host).
import { afterEach, describe, expect, test } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { currentLanguage, setLanguage, setOverrideLanguage } from '@plantdoc/kit';
import { StartScreen } from '../src/pages/StartScreen';
import { setOperator } from '../src/state';

// The island's translator's files, as the module registers them.
import '../src/index.js';

afterEach(async () => {
  await act(async () => {
    await setOverrideLanguage(null);
    await setLanguage('en');
  });
});

describe('kiosk language', () => {
  test('the switch shows the badge screen in the language picked, pressed', async () => {
    render(
      <MemoryRouter>
        <StartScreen />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Please scan your badge to continue' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Escanee su gafete para continuar' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Escanear gafete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Idioma' })).toBeTruthy();
  });

  test("the operator's language from the scan until Sign Out, then the page's base language", async () => {
    // The base: what the host set from the kiosk account or the plant (here English).
    await act(() => setOverrideLanguage('es'));
    await act(async () => setOperator({ _id: 'o1', opNo: '1001', fullName: 'Ana', lang: 'pl' }));
    await waitFor(() => expect(currentLanguage()).toBe('pl'));
    await act(async () => setOperator(null));
    await waitFor(() => expect(currentLanguage()).toBe('en'));
  });
});
