// The review list of the kit (src/ReviewList.jsx, src/ReviewColumns.jsx): loading, the
// empty states, the client-side search, deleting the selected rows a user may delete
// (real mutation over a stubbed fetch), and the shared columns.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../src/api';
import { ReviewList } from '../src/ReviewList';
import {
  alertColumns,
  correctionsInReview,
  correctsText,
  countColumn,
  dateColumn,
  rejectionOf,
  stageColumn,
  stateColumn,
  swpColumns,
  textColumn,
} from '../src/ReviewColumns';
import { renderWithQuery as render, stubFetch } from './helpers';

const alerts = [
  {
    _id: 'a',
    alertTag: 'S-2026-0001',
    alertType: 'Safety',
    partNumber: 'P-1',
    uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
    mine: true,
    opSigned: [{}, {}],
  },
  { _id: 'b', alertTag: 'C-2026-0002', alertType: 'Change', partNumber: 'P-2', uploadDate: { timestamp: '2026-03-06T09:00:00Z' }, mine: false, opSigned: [] },
  { _id: 'c', alertTag: 'Q-2026-0003', alertType: 'Quality', partNumber: 'P-3', uploadDate: { timestamp: '2026-03-05T09:00:00Z' }, mine: true, opSigned: [] },
];
const shown = (container) =>
  [...container.querySelectorAll('tbody tr.pd-table-row')].map((tr) => tr.querySelectorAll('td')[tr.querySelector('.pd-table-select') ? 1 : 0].textContent);

function Deletable({ rows, onDeleted, sayRefusal = false }) {
  const remove = useMutation({ mutationFn: (ids) => api.post('/api/things/delete-pending', ids), onSuccess: onDeleted });
  const deletion = { kind: 'pending', remove, mayDelete: (r) => r.mine, label: (r) => r.alertTag, sayRefusal };
  return <ReviewList title="Pending" rows={rows} columns={alertColumns({ order: 'descend' })} deletion={deletion} />;
}

describe('ReviewList', () => {
  it('spins while the list loads, then shows the rows in the default order with the heading', () => {
    const { rerender, container } = render(<ReviewList title="Pending Approval" rows={null} columns={alertColumns({ order: 'descend' })} />);
    expect(container.querySelector('.ant-spin')).toBeTruthy();
    expect(container.querySelector('table')).toBeNull();
    rerender(<ReviewList title="Pending Approval" rows={alerts} columns={alertColumns({ order: 'descend' })} />);
    expect(screen.getByRole('heading', { name: 'Pending Approval' })).toBeTruthy();
    expect(shown(container)).toEqual(['C-2026-0002', 'Q-2026-0003', 'S-2026-0001']);
    for (const h of ['ID', 'Type', 'Part', 'Uploaded']) expect(screen.getByRole('columnheader', { name: h })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Uploaded' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('shows the empty text instead of the table, or the table with its own text, or nothing', () => {
    const cols = swpColumns();
    const { rerender, container } = render(<ReviewList rows={[]} columns={cols} empty="No alerts have been deployed yet." />);
    expect(screen.getByTestId('empty').querySelector('.ant-empty-description').textContent).toBe('No alerts have been deployed yet.');
    expect(container.querySelector('table')).toBeNull();
    rerender(<ReviewList rows={[]} columns={cols} title="Approved" search={(r) => r} />);
    expect(screen.getByText('No records found')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search')).toBeTruthy();
    rerender(<ReviewList rows={[]} columns={cols} empty={null} />);
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('searches the rows with the module search as the user types', () => {
    const search = vi.fn((rows, term) => rows.filter((r) => r.partNumber.toLowerCase().includes(term.toLowerCase())));
    const { container } = render(<ReviewList rows={alerts} columns={alertColumns()} search={search} />);
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'p-3' } });
    expect(shown(container)).toEqual(['Q-2026-0003']);
    expect(search).toHaveBeenLastCalledWith(alerts, 'p-3');
  });

  it('offers a checkbox only on the rows the user may delete, and deletes them after the dialog', async () => {
    const onDeleted = vi.fn();
    const fetch = stubFetch({ 'POST /api/things/delete-pending': [200, { deleted: ['a', 'c'] }] });
    render(<Deletable rows={alerts} onDeleted={onDeleted} />);
    expect(screen.getByLabelText('Select S-2026-0001')).toBeTruthy();
    expect(screen.queryByLabelText('Select C-2026-0002')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' }).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete documents?' });
    expect(within(dialog).getByText(/remove them from the review process\? This action cannot be undone\.$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    const body = JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/things/delete-pending')[1].body);
    expect(body.sort()).toEqual(['a', 'c']);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' }).disabled).toBe(true));
  });

  it('says why a refused batch deleted nothing when the module asks', async () => {
    stubFetch({ 'POST /api/things/delete-pending': [403, { error: 'You may not delete C-2026-0002.' }] });
    render(<Deletable rows={alerts} sayRefusal />);
    fireEvent.click(screen.getByLabelText('Select S-2026-0001'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete (1)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect((await screen.findByTestId('delete-refused')).textContent).toBe('Nothing was deleted: You may not delete C-2026-0002.');
  });

  it('has no selection when no row may be deleted', () => {
    const { container } = render(<Deletable rows={alerts.filter((r) => !r.mine)} />);
    expect(container.querySelector('input[type=checkbox]')).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('review columns', () => {
  it('opens a row from its link, kept on one line, and sorts dates, text and counts', () => {
    const open = vi.fn();
    const onSigned = vi.fn();
    const columns = [
      ...alertColumns({ onOpen: open }),
      textColumn('Kind', 'kind', (r) => r.alertType.toUpperCase()),
      dateColumn('When', 'when', (r) => r.uploadDate),
      countColumn('Operators Signed', 'signed', (r) => r.opSigned, { onOpen: onSigned, testId: 'signed-link' }),
    ];
    const { container } = render(<ReviewList rows={alerts} columns={columns} />);
    const link = screen.getByText('S-2026-0001');
    expect(link.closest('[data-testid="alert-link"]')).toBeTruthy();
    expect(link.closest('a').style.whiteSpace).toBe('nowrap');
    fireEvent.click(link);
    expect(open).toHaveBeenCalledWith(alerts[0]);
    expect(screen.getByText('SAFETY')).toBeTruthy();
    expect(screen.getAllByText('Mar-04-26 02:05pm').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'When' }));
    expect(shown(container)).toEqual(['S-2026-0001', 'Q-2026-0003', 'C-2026-0002']);
    fireEvent.click(screen.getByRole('button', { name: 'Operators Signed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Operators Signed' }));
    expect(shown(container)[0]).toBe('S-2026-0001');
    fireEvent.click(screen.getByTestId('signed-link'));
    expect(onSigned).toHaveBeenCalledWith(alerts[0]);
    expect(screen.getAllByTestId('signed-link')).toHaveLength(1);
  });

  it('shows a review stage in its colour with the reviewer, the date and the note', () => {
    const colour = (s) => (s === 'Rejected' ? 'rgb(207, 19, 34)' : 'green');
    const rows = [
      {
        _id: 'x',
        partNumber: 'P-9',
        approvals: { engineer: { status: 'Rejected', reviewer: 'Elias Park', date: '2026-03-04T14:05:00Z', note: 'Wrong part' } },
      },
    ];
    render(<ReviewList rows={rows} columns={[...swpColumns(), stageColumn('Engineer', 'engineer', colour)]} />);
    expect(screen.getByText('Rejected').style.color).toBe('rgb(207, 19, 34)');
    expect(screen.getByText('Elias Park, Mar-04-26 02:05pm')).toBeTruthy();
    expect(screen.getByTestId('review-note').textContent).toBe('“Wrong part”');
    expect(screen.getByText('P-9').closest('a')).toBeNull();
  });

  it('shows a rejected row as Rejected with the rejection and, for who may, the way forward', () => {
    const colour = (s) => (s === 'Pending' ? 'rgb(173, 78, 0)' : 'green');
    const rejection = { status: 'Rejected', reviewer: 'Quinn Stone', date: '2026-03-04T14:05:00Z', note: 'Wrong torque' };
    const rows = [
      {
        _id: 'r',
        partNumber: 'P-1',
        status: 'rejected',
        mine: true,
        approvals: { process: { status: 'Approved' }, quality: rejection, production: { status: 'Pending' } },
      },
      { _id: 'o', partNumber: 'P-2', status: 'rejected', mine: false, approvals: { quality: rejection } },
      { _id: 'p', partNumber: 'P-3', status: 'pending', mine: true, approvals: { production: { status: 'Pending' } } },
    ];
    const onCorrect = vi.fn();
    const columns = [
      ...swpColumns(),
      stageColumn('Quality', 'quality', colour),
      stageColumn('Production', 'production', colour),
      stateColumn({ onCorrect, mayCorrect: (r) => r.mine }),
    ];
    render(<ReviewList rows={rows} columns={columns} />);
    expect(screen.getByText('State')).toBeTruthy();
    const row = (part) => within(screen.getByText(part).closest('tr'));
    // Rejected, in red, in its stage (whose cell has who, when and the note); the stage
    // never reviewed is not 'Pending'.
    expect(row('P-1').getByText('Rejected in the Quality review').style.color).toBe('rgb(207, 19, 34)');
    expect(row('P-1').getByText('Quinn Stone, Mar-04-26 02:05pm')).toBeTruthy();
    expect(row('P-1').getByTestId('review-note').textContent).toBe('“Wrong torque”');
    expect(row('P-1').getByText('Not reviewed')).toBeTruthy();
    expect(row('P-1').queryByText('Pending')).toBeNull();
    // Only who may correct gets the button; a pending row is in review, its stage Pending.
    expect(row('P-2').queryByRole('button', { name: 'Submit a corrected version' })).toBeNull();
    expect(row('P-3').getByText('In review')).toBeTruthy();
    expect(row('P-3').getByText('Pending')).toBeTruthy();
    expect(row('P-3').queryByRole('button', { name: 'Submit a corrected version' })).toBeNull();
    fireEvent.click(row('P-1').getByRole('button', { name: 'Submit a corrected version' }));
    expect(onCorrect).toHaveBeenCalledWith(rows[0]);
  });

  it('does not offer a second correction while one is in review: it says so', () => {
    const rejection = { status: 'Rejected', reviewer: 'Quinn Stone', date: '2026-03-04T14:05:00Z', note: 'Wrong torque' };
    const rows = [
      { _id: 'r', partNumber: 'P-1', status: 'rejected', mine: true, approvals: { quality: rejection } },
      { _id: 'f', partNumber: 'P-1B', status: 'pending', mine: true, corrects: { _id: 'r' }, approvals: { quality: { status: 'Pending' } } },
    ];
    expect([...correctionsInReview(rows)]).toEqual(['r']);
    const columns = [...swpColumns(), stateColumn({ onCorrect: vi.fn(), mayCorrect: () => true, correcting: correctionsInReview(rows) })];
    render(<ReviewList rows={rows} columns={columns} />);
    const row = within(screen.getByText('P-1').closest('tr'));
    expect(row.getByText('A corrected version is in review.')).toBeTruthy();
    expect(row.queryByRole('button', { name: 'Submit a corrected version' })).toBeNull();
  });

  it('finds the rejecting stage and words the link of a corrected version', () => {
    expect(rejectionOf({ status: 'pending', approvals: { a: { status: 'Rejected' } } })).toBeNull();
    expect(rejectionOf({ status: 'rejected', approvals: { a: { status: 'Approved' }, b: { status: 'Rejected', note: 'n' } } })).toEqual({
      stage: 'b',
      status: 'Rejected',
      note: 'n',
    });
    expect(correctsText(null)).toBeNull();
    expect(correctsText({ _id: 'r', rejectedDate: '2026-03-04T14:05:00Z', note: 'Wrong torque', reviewer: 'Q' })).toBe(
      'Corrects the version rejected on Mar-04-26 02:05pm: Wrong torque',
    );
  });
});
