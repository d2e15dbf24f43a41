// The Kanban page in Spanish (decision 77): no English text of this module is left on screen.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage, translate } from '@plantdoc/kit';
import { usedKeys } from '../../../web-tests/i18n-keys.mjs';
import '../src/index';
import { KanbanPage } from '../src/pages/KanbanPage';

const asWords = (key) => new RegExp(`(?<!\\p{L})${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
/** The module's English keys (4+ letters, no placeholder) whose Spanish differs, found as words in `text`. */
const englishIn = (text) =>
  [...usedKeys().get('kanban').keys()].filter(
    (key) => /[A-Za-z]{4}/.test(key) && !key.includes('{{') && translate('kanban', key) !== key && asWords(key).test(text),
  );

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('Kanban in Spanish', () => {
  it('shows the boards, columns, cards and the note in Spanish', async () => {
    await act(() => setLanguage('es'));
    const { container } = render(
      <MemoryRouter>
        <KanbanPage />
      </MemoryRouter>,
    );
    expect(container.textContent).toContain('Ingeniería de procesos');
    expect(container.textContent).toContain('Pendientes');
    expect(englishIn(container.textContent)).toEqual([]);
  });
});
