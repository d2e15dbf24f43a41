// The kit's screens in Spanish (decision 77): a review list (its columns, stages, states,
// pager, search and delete), the delete dialog, an upload form frame, the part number
// field, the document viewer and the Operators Signed list show no English text of the
// kit's keys (names, part numbers and the server's data aside).
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { translations, usedKeys } from '../../../web-tests/i18n-keys.mjs';
import { setLanguage } from '../src/i18n';
import { ReviewList, alertColumns, stageColumn, stateColumn, swpColumns } from '../src/ReviewList';
import { ChangesField, CorrectsNotice, OnBehalfOfField, UploadForm, ZonesField, useUploadForm } from '../src/UploadForm';
import { PartNumberField } from '../src/PartNumberSearch';
import { DocumentViewer } from '../src/DocumentViewer';
import { OperatorsSignedModal } from '../src/OperatorsSignedModal';
import { DeleteDialog } from '../src/DeleteDialog';
import { renderWithQuery as render, stubFetch } from './helpers';

const es = translations('kit', 'es');
const ENGLISH = [...usedKeys().get('kit').keys()].filter((k) => !k.includes('{{') && es[k] && es[k] !== k && (k.match(/\p{L}/gu) || []).length >= 4);
// A key as a whole phrase ('Part' is not in 'Parte').
const escape = (k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishIn = (text) => ENGLISH.filter((k) => new RegExp(`(?<!\\p{L})${escape(k)}(?!\\p{L})`, 'u').test(text));
const shown = () => document.body.textContent;

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const colour = () => '#595959';
const stage = (status, extra = {}) => ({ status, ...extra });
const swps = Array.from({ length: 12 }, (_, i) => ({
  _id: `s${i}`,
  partNumber: `P-${i}`,
  uploadDate: '2026-03-04T14:05:00Z',
  status: i === 0 ? 'rejected' : 'pending',
  approvals: { quality: stage(i === 0 ? 'Rejected' : 'Approved', { reviewer: 'Q R', note: 'n' }), production: stage('Pending') },
}));
const alerts = [{ _id: 'a1', alertTag: 'Q-2026-0001', alertType: 'Quality', partNumber: 'P-1', uploadDate: '2026-03-04T14:05:00Z' }];
const remove = { mutate: () => {}, isPending: false, error: null };

function Form() {
  const mutation = useMutation({ mutationFn: async () => ({}) });
  const form = useUploadForm(mutation, { fields: ['changes'], payload: () => ({}), success: { text: '', back: '', onBack: () => {} } });
  return (
    <UploadForm form={form}>
      <CorrectsNotice rejected={swps[0]} label="SWP P-0" />
      <PartNumberField value="" onChange={() => {}} source={{ key: 'k', fetch: async () => [] }} />
      <ZonesField value={[]} onChange={() => {}} />
      <OnBehalfOfField value="ME" onChange={() => {}} myself="ME" />
      <ChangesField value="" onChange={() => {}} />
    </UploadForm>
  );
}

describe('the kit in Spanish', () => {
  it('shows a review list, its pager, its delete dialog and its states in Spanish', async () => {
    await act(() => setLanguage('es'));
    const columns = [
      ...swpColumns(),
      stageColumn('Calidad', 'quality', colour),
      stageColumn('Producción', 'production', colour),
      stateColumn({ onCorrect: () => {}, mayCorrect: () => true }),
    ];
    const deletion = { kind: 'pending', remove, mayDelete: () => true, label: (r) => r.partNumber };
    const { unmount } = render(<ReviewList title="SWP" rows={swps} columns={columns} search={(rows) => rows} deletion={deletion} />);
    expect(screen.getByText('Número de parte')).toBeTruthy();
    expect(screen.getByText('Rechazado en la revisión de Calidad')).toBeTruthy();
    expect(screen.getAllByText('Pendiente').length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Páginas' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar P-0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar (1)' }));
    expect(await screen.findByText('¿Eliminar documentos?')).toBeTruthy();
    expect(englishIn(shown())).toEqual([]);
    unmount();
    render(<ReviewList rows={alerts} columns={alertColumns()} />);
    expect(screen.getByText('Subido')).toBeTruthy();
    expect(englishIn(shown())).toEqual([]);
  });

  it('shows an upload form, the viewer, the signatures and an empty list in Spanish', async () => {
    stubFetch({ '/api/zones': [200, [{ value: 'A1', label: 'A1' }]] });
    await act(() => setLanguage('es'));
    const form = render(<Form />);
    expect(await screen.findByText('Quedan 140 caracteres')).toBeTruthy();
    expect(screen.getByText('Yo mismo')).toBeTruthy();
    expect(englishIn(shown())).toEqual([]);
    form.unmount();
    const viewer = render(<DocumentViewer urls={{}} onBack={() => {}} />);
    expect(screen.getByText('Sin documento')).toBeTruthy();
    expect(englishIn(shown())).toEqual([]);
    viewer.unmount();
    const signed = [{ op: { _id: 'o', opNo: '7', fullName: 'Ana Ruiz' }, dateSigned: '2026-03-04T14:05:00Z' }];
    const modal = render(<OperatorsSignedModal open operators={signed} onClose={() => {}} />);
    expect(await screen.findByText('Operadores que firmaron')).toBeTruthy();
    expect(englishIn(shown())).toEqual([]);
    modal.unmount();
    render(<DeleteDialog open kind="deployed" onCancel={() => {}} onConfirm={() => {}} />);
    expect(await screen.findByText(/retirarlos de la planta/)).toBeTruthy();
    render(<ReviewList rows={[]} columns={swpColumns()} />);
    expect(screen.getByText('No se encontraron registros')).toBeTruthy();
    expect(englishIn(shown())).toEqual([]);
  });
});
