// The kit's one i18n instance (decision 75): keys are English texts, a language's file loads
// when the language is first shown, screens follow the switch, the API client sends the
// page's language, dates follow the language (the spec's format in English).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import {
  currentLanguage,
  formatDate,
  onLanguage,
  formatNumber,
  registerTranslations,
  setLanguage,
  setOverrideLanguage,
  supportedLanguage,
  translate,
  useT,
} from '../src/core';
import { api } from '../src/api';

const loads = [];
registerTranslations('test-ns', (lng) => {
  loads.push(lng);
  return Promise.resolve({
    default: { Upload: lng === 'es' ? 'Subir' : 'Prześlij', '{{count}} pages_one': '{{count}} página', '{{count}} pages_other': '{{count}} páginas' },
  });
});

function Label() {
  const t = useT('test-ns');
  return (
    <p>
      {t('Upload')} · {t('{{count}} pages', { count: 3 })} · {t('Not translated yet')}
    </p>
  );
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('i18n', () => {
  it('shows English keys as they are, then the language chosen, loading its file once', async () => {
    render(<Label />);
    expect(screen.getByText('Upload · 3 pages · Not translated yet')).toBeTruthy();
    await act(() => setLanguage('es-MX'));
    expect(currentLanguage()).toBe('es');
    expect(screen.getByText('Subir · 3 páginas · Not translated yet')).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
    await act(() => setLanguage('en'));
    await act(() => setLanguage('es'));
    expect(loads.filter((l) => l === 'es')).toHaveLength(1);
    expect(translate('test-ns', '{{count}} pages', { count: 1 })).toBe('1 página');
  });

  it('keeps the last language asked when switches overlap, and ignores unknown codes', async () => {
    await act(async () => {
      const first = setLanguage('es');
      const second = setLanguage('pl');
      await Promise.all([first, second]);
    });
    expect(currentLanguage()).toBe('pl');
    expect(translate('test-ns', 'Upload')).toBe('Prześlij');
    expect(supportedLanguage('de')).toBeNull();
    await act(() => setLanguage('de'));
    expect(currentLanguage()).toBe('en');
  });

  it('loads a package or companion that registers while a switch is under way for the language coming', async () => {
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    // A companion that is slow to load keeps the switch to Spanish under way …
    const holder = onLanguage((lng) => (lng === 'es' ? held : null));
    const companion = [];
    let switched;
    await act(async () => {
      switched = setLanguage('es');
      await Promise.resolve();
      // … while a module's code arrives with its translations and the host's antd locale.
      registerTranslations('late-ns', (lng) => Promise.resolve({ default: { Upload: lng === 'es' ? 'Subir tarde' : 'x' } }));
      onLanguage((lng) => companion.push(lng));
      release();
      await switched;
    });
    await act(async () => {});
    expect(currentLanguage()).toBe('es');
    expect(translate('late-ns', 'Upload')).toBe('Subir tarde');
    expect(companion).toContain('es');
    holder();
  });

  it("keeps the kiosk person's language over the base until it is given back", async () => {
    await act(() => setLanguage('es'));
    await act(() => setOverrideLanguage('pl'));
    expect(currentLanguage()).toBe('pl');
    // The signed-in account's language arriving later does not take the kiosk from the operator.
    await act(() => setLanguage('en'));
    expect(currentLanguage()).toBe('pl');
    await act(() => setOverrideLanguage(null));
    expect(currentLanguage()).toBe('en');
  });

  it("sends the page's language to the server", async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await act(() => setLanguage('pl'));
    await api.get('/api/anything');
    expect(fetch.mock.calls[0][1].headers['Accept-Language']).toBe('pl');
    vi.unstubAllGlobals();
  });

  it("formats dates in the spec's format in English and by locale elsewhere", async () => {
    const when = new Date(2026, 2, 4, 14, 5);
    expect(formatDate(when)).toBe('Mar-04-26 02:05pm');
    await act(() => setLanguage('es'));
    expect(formatDate(when)).toBe('04-mar-26 14:05');
    expect(formatNumber(1234.5)).toBe('1234,5');
  });
});
