// A deployed alert's translations in the console (decision 95): the kit's panel with
// one file per language (no section), the list from its translations answer, Remove sends the
// DELETE and shows the new list, a refusal shows the server's text; an added translation
// stays listed when a read begun before it answers after it.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import AlertTranslations from '../src/components/AlertTranslations';
import { FakeXhr, renderWithQuery as render, stubFetch, useFakeXhr } from './helpers';

const pdf = () => new File(['%PDF-1.7'], 'alert-es.pdf', { type: 'application/pdf' });

describe('alert translations', () => {
  it('lists the languages, has no section choice, and removes one', async () => {
    const fetch = stubFetch({
      '/api/alerts/a1/translations': [
        200,
        {
          alertId: 'a1',
          translations: [
            { lang: 'es', status: 'approved', uploadedAt: '2026-03-04T14:05:00Z' },
            { lang: 'pl', status: 'approved', uploadedAt: '2026-03-04T14:05:00Z' },
          ],
        },
      ],
      'DELETE /api/alerts/a1/translations/pl': [200, { alertId: 'a1', translations: [{ lang: 'es', sha256: 'h', uploadedAt: '2026-03-04T14:05:00Z' }] }],
    });
    render(<AlertTranslations id="a1" />);
    await screen.findByTestId('translation-pl');
    expect(screen.getByTestId('translation-es').textContent).toContain('Español');
    expect(screen.queryByRole('combobox', { name: 'Section' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]);
    await waitFor(() => expect(screen.queryByTestId('translation-pl')).toBeNull());
    expect(fetch.mock.calls.some(([path, init]) => path === '/api/alerts/a1/translations/pl' && init?.method === 'DELETE')).toBe(true);
  }, 60000);

  it("shows the server's refusal of a removal", async () => {
    stubFetch({
      '/api/alerts/a1/translations': [200, { alertId: 'a1', translations: [{ lang: 'es', status: 'approved' }] }],
      'DELETE /api/alerts/a1/translations/es': [403, { error: 'Only process engineers and managers translate alerts.' }],
    });
    render(<AlertTranslations id="a1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Only process engineers and managers translate alerts.')).toBeTruthy();
  }, 60000);

  it('keeps an added translation when a read begun before it answers after it', async () => {
    // The list's first read is slow (it signs a link); the upload's answer lands first.
    let answerRead;
    let readDone = false;
    const slowRead = new Promise((resolve) => {
      answerRead = resolve;
    });
    stubFetch({
      '/api/alerts/a1/translations': () =>
        slowRead.then((answer) => {
          readDone = true;
          return answer;
        }),
    });
    useFakeXhr();
    render(<AlertTranslations id="a1" />);
    expect(screen.queryByText('No translations yet.')).toBeNull();
    fireEvent.change(screen.getByTestId('translation-file'), { target: { files: [pdf()] } });
    const xhr = FakeXhr.sent[0];
    expect([xhr.method, xhr.url, xhr.body.get('lang')]).toEqual(['POST', '/api/alerts/a1/translations', 'es']);
    const proposed = { lang: 'es', sha256: 'h', uploadedAt: '2026-03-04T14:05:00Z', status: 'pending' };
    act(() => xhr.respond(200, { alertId: 'a1', translations: [proposed] }));
    await screen.findByTestId('translation-added');
    // Proposed: in review until its stages approve it (decision 95).
    expect((await screen.findByTestId('translation-es-pending')).textContent).toContain('In review');
    // The older read (no translation yet) answers now: it must not replace the list.
    await act(async () => answerRead([200, { alertId: 'a1', translations: [] }]));
    await waitFor(() => expect(readDone).toBe(true));
    await act(async () => {});
    expect(screen.getByTestId('translation-es-pending').textContent).toContain('Español');
    expect(screen.queryByText('No translations yet.')).toBeNull();
  }, 60000);
});
