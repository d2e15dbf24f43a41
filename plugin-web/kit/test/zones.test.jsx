// Zone labels in the page's language: the server's English labels ('A Zone 1',
// 'Shipping', core/src/plant/zones.rs) are turned into the kit's keys, in one place
// (zoneLabel), and useZones gives them translated, following a change of language.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { setLanguage } from '../src/i18n';
import { zoneLabel, zoneOptions } from '../src/zones';
import { ZonesField } from '../src/UploadForm';
import { renderWithQuery as render, stubFetch } from './helpers';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('zone labels', () => {
  it("gives the server's labels in the page's language, others as they are", async () => {
    expect(zoneLabel('A1', 'A Zone 1')).toBe('A Zone 1');
    await act(() => setLanguage('es'));
    expect(zoneLabel('A1', 'A Zone 1')).toBe('Zona A 1');
    expect(zoneLabel('E12', 'E Zone 12')).toBe('Zona E 12');
    expect(zoneLabel('shipping', 'Shipping')).toBe('Expedición');
    expect(zoneLabel('ojt', 'OJT')).toBe('OJT');
    // A label of another shape, or a code alone, is shown as given.
    expect(zoneLabel('A1', 'Assembly line 1')).toBe('Assembly line 1');
    expect(zoneLabel('X', 'X')).toBe('X');
    expect(zoneLabel('A1')).toBe('A1');
    expect(zoneOptions([{ value: 'B2', label: 'B Zone 2' }])).toEqual([{ value: 'B2', label: 'Zona B 2' }]);
    expect(zoneOptions(null)).toEqual([]);
    await act(() => setLanguage('pl'));
    expect(zoneLabel('A1', 'A Zone 1')).toBe('Strefa A 1');
    expect(zoneLabel('shipping', 'Shipping')).toBe('Wysyłka');
  });

  it("shows a form's zone checkboxes in Spanish, then in English again", async () => {
    stubFetch({
      '/api/zones': [
        200,
        [
          { value: 'A1', label: 'A Zone 1' },
          { value: 'shipping', label: 'Shipping' },
          { value: 'ojt', label: 'OJT' },
        ],
      ],
    });
    await act(() => setLanguage('es'));
    render(<ZonesField value={['A1']} onChange={() => {}} />);
    expect(await screen.findByRole('checkbox', { name: 'Zona A 1' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Expedición' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'OJT' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/A Zone 1|Shipping/);
    await act(() => setLanguage('en'));
    expect(screen.getByRole('checkbox', { name: 'A Zone 1' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Shipping' })).toBeTruthy();
  });
});
