// The training matrix and the Add Training form in Spanish (decision 77): no English text of
// this module is left on screen (the matrix, its legend and dialogs, the empty matrix).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { clearSession, setLanguage, setSessionUser, translate } from '@plantdoc/kit';
import { usedKeys } from '../../../web-tests/i18n-keys.mjs';
import '../src/index';
import { TrainingPage } from '../src/pages/TrainingPage';
import { AddTrainingPage } from '../src/pages/AddTrainingPage';
import { renderWithQuery as render, stubFetch } from './helpers';

const asWords = (key) => new RegExp(`(?<!\\p{L})${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
/** The module's English keys (4+ letters, no placeholder) whose Spanish differs, found as words in `text`. */
const englishIn = (text) =>
  [...usedKeys().get('training').keys()].filter(
    (key) => /[A-Za-z]{4}/.test(key) && !key.includes('{{') && translate('training', key) !== key && asWords(key).test(text),
  );

const MATRIX = '/api/training/matrix/shift/1/cell/A/zone/1';
const leader = { _id: 'u1', position: 'supervisor', department: 'production', zones: ['A1'], firstname: 'L', lastname: 'D' };
const matrix = {
  partList: [{ _id: 'c1', partNumber: 'P-1', partDesc: 'P1', partRotation: 2, certTarget: 1, certCount: 1 }],
  matrix: [{ _id: 'r1', opId: 'o1', opNumber: 'OP1', opName: 'Olga Nowak', certTarget: 3, certCount: 1, rowData: [{ _id: 'c1:r1', op: 'o1', squares: -1 }] }],
};
const lists = {
  '/api/training/operator-list': [200, [{ _id: 'o1', opNo: 'OP1', fullName: 'Olga Nowak' }]],
  '/api/training/swp-list': [200, [{ _id: 'c1', partNumber: 'P-1' }]],
};
const SLOW = { timeout: 8000 };

beforeEach(async () => {
  await act(() => setLanguage('es'));
  setSessionUser(leader);
});
afterEach(async () => {
  clearSession();
  await act(() => setLanguage('en'));
});

describe('training in Spanish', () => {
  it('shows the matrix, its legend and the start-training dialog in Spanish', async () => {
    stubFetch({ [MATRIX]: [200, matrix], ...lists });
    render(
      <MemoryRouter initialEntries={['/?shift=1&cell=A&zone=1']}>
        <TrainingPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('P-1', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('2 h')).toBeTruthy();
    expect(screen.getByText(/Certificado completamente/)).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'OP1 en P-1: nivel -1' }).querySelector('[data-level="1"]'));
    expect(await screen.findByRole('button', { name: 'Iniciar capacitación' })).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
  });

  it('shows the empty matrix with its first-record form in Spanish', async () => {
    stubFetch({ [MATRIX]: [200, { partList: [], matrix: [] }], ...lists });
    render(
      <MemoryRouter initialEntries={['/']}>
        <TrainingPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar el primer registro' }, SLOW));
    expect(await screen.findByText('Seleccione el número de parte')).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
  });

  it('shows the Add Training form and its messages in Spanish', async () => {
    stubFetch(lists);
    render(
      <MemoryRouter initialEntries={['/add']}>
        <AddTrainingPage />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }, SLOW));
    expect(await screen.findByText('Seleccione un nivel de capacitación de -1 a 4')).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
  });
});
