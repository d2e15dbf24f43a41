// The Change Control page: the list's filters and the opened request live in the address,
// a request shows its zones' effective dates and cut-ins, a refused act is shown, the form
// sends the documents and per-zone dates and shows refusals under their fields, and a list
// that cannot load says so (never 'no change requests').
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { ChangesPage } from '../src/pages/ChangesPage';
import { renderWithQuery as render, stubFetch } from '../../kit/test/helpers';

let where = '';
function Where() {
  where = useLocation().search;
  return null;
}

const page = (at = '/main/changes') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <ChangesPage />
      <Where />
    </MemoryRouter>,
  );

const request = {
  id: 'CR-2026-0001',
  _id: 'k1',
  title: 'New torque',
  reason: '8D-1234 found loose bolts',
  references: ['8D-1234'],
  documents: [{ kind: 'swp', partNumber: 'P1' }],
  state: 'approved',
  owner: 'Pat Engineer',
  createdAt: '2026-01-01T00:00:00.000Z',
  approvedAt: '2026-01-02T00:00:00.000Z',
  closedAt: null,
  closedBy: null,
  closeReason: null,
  approvals: {
    process: { status: 'Approved', reviewer: 'Pia Process', note: null, date: null },
    quality: { status: 'Approved', reviewer: 'Quinn Quality', note: null, date: null },
  },
  zones: [
    { zone: 'A1', effective: '2026-01-07', state: 'live', liveAt: '2026-01-07T06:14:00.000Z', liveOperator: 'Olivia Grant', liveVerifier: 'Sam Ortiz' },
    { zone: 'B2', effective: null, state: 'effective', liveAt: null, liveOperator: null, liveVerifier: null },
  ],
  revisions: [{ kind: 'swp', docId: 'd1', partNumber: 'P1', reason: 'New torque 12 Nm', submittedAt: '2026-01-03T00:00:00.000Z', deployedAt: null }],
};

describe('change control page', () => {
  it('filters through the address and opens a request with its cut-ins', async () => {
    const fetch = stubFetch({ '/api/changes': [200, { items: [request], total: 1, page: 1 }], '/api/changes/CR-2026-0001': [200, request] });
    page('/main/changes?state=approved');
    fireEvent.click(await screen.findByRole('button', { name: 'CR-2026-0001' }));
    await waitFor(() => expect(where).toBe('?state=approved&request=CR-2026-0001'));
    expect(fetch.mock.calls.some(([p]) => p === '/api/changes?state=approved&page=1')).toBe(true);
    expect(await screen.findByText(/by Olivia Grant, verified by Sam Ortiz/)).toBeTruthy();
    expect(screen.getByText('1 of 2 zones live')).toBeTruthy();
    expect(screen.getByText('At deploy')).toBeTruthy();
    expect(screen.getByText('In force')).toBeTruthy();
    expect(screen.getByText('New torque 12 Nm')).toBeTruthy();
  });

  it('shows a refused close, and says so when the list cannot load', async () => {
    stubFetch({
      '/api/changes/CR-2026-0001': [200, request],
      'POST /api/changes/CR-2026-0001/close': [403, { error: 'Only managers close change requests.' }],
    });
    page('/main/changes?request=CR-2026-0001');
    fireEvent.change(await screen.findByLabelText('Reason for closing'), { target: { value: 'done' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close change request' }));
    expect(await screen.findByText('Only managers close change requests.')).toBeTruthy();
  });

  it('cancels with a reason (its field error under it) and shows who cancelled it and why', async () => {
    const cancelled = { ...request, state: 'cancelled', closedAt: '2026-01-04T00:00:00.000Z', closedBy: 'Pat Engineer', closeReason: 'Supplier withdrew' };
    const fetch = stubFetch({
      '/api/changes/CR-2026-0001': [200, request],
      'POST /api/changes/CR-2026-0001/cancel': (_, init) =>
        JSON.parse(init.body).reason ? [200, cancelled] : [400, { reason: 'Please give the reason for cancelling it.' }],
    });
    page('/main/changes?request=CR-2026-0001');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel change request' }));
    expect(await screen.findByText('Please give the reason for cancelling it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason for cancelling'), { target: { value: 'Supplier withdrew' } });
    stubFetch({ '/api/changes/CR-2026-0001': [200, cancelled], 'POST /api/changes/CR-2026-0001/cancel': [200, cancelled] });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel change request' }));
    expect(await screen.findByText(/Pat Engineer · Supplier withdrew/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel change request' })).toBeNull();
    expect(fetch.mock.calls.some(([p, i]) => p === '/api/changes/CR-2026-0001/cancel' && i?.method === 'POST')).toBe(true);
  });

  it('never shows an empty list for a failed one', async () => {
    stubFetch({ '/api/changes': [500, { error: 'Internal error' }] });
    page();
    expect(await screen.findByText('The change requests could not be loaded.')).toBeTruthy();
    expect(screen.queryByText(/No change requests yet/)).toBeNull();
  });

  it('sends a new request with its documents and per-zone dates; refusals go under their fields', async () => {
    let sent = null;
    stubFetch({
      '/api/zones': [
        200,
        [
          { value: 'A1', label: 'A Zone 1' },
          { value: 'B2', label: 'B Zone 2' },
        ],
      ],
      'POST /api/changes': (p, init) => {
        sent = JSON.parse(init.body);
        return [400, { title: 'This field is required.' }];
      },
    });
    page('/main/changes?new=1');
    fireEvent.change(screen.getByLabelText('Reason for the change'), { target: { value: 'Loose bolts' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'A Zone 1' }));
    fireEvent.change(screen.getByLabelText('Effective in A Zone 1'), { target: { value: '2026-01-07' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(sent).toMatchObject({ reason: 'Loose bolts', zones: ['A1'], effective: { A1: '2026-01-07' }, documents: [] });
  });

  it('lists what is due for review, overdue in words, and signs a verdict with the password', async () => {
    let sent = null;
    const item = {
      kind: 'swp',
      docId: 'd1',
      partNumber: 'P1',
      title: 'SWP P1 revision 0',
      zones: ['A1'],
      deployedAt: '2026-01-01T00:00:00.000Z',
      dueAt: '2027-01-01T00:00:00.000Z',
      overdue: true,
      lastReview: null,
      evidence: { signatures: 4, revisions: 1, openReadings: 0, overdueReadings: 7 },
      maySign: true,
    };
    stubFetch({
      '/api/changes/reviews': [200, { items: [item] }],
      '/api/changes/reviews/backlog': [200, [{ month: 'overdue', due: 1 }]],
      'POST /api/changes/reviews/swp/d1': (p, init) => {
        sent = JSON.parse(init.body);
        return [400, { password: 'Incorrect password.' }];
      },
    });
    page('/main/changes?tab=reviews&within=60');
    expect(await screen.findByText(/\(overdue\)/)).toBeTruthy();
    expect(screen.getByText('Overdue: 1')).toBeTruthy();
    expect(screen.getByText('Overdue readings')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.change(await screen.findByLabelText('Your password (your signature)'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign verdict' }));
    expect(await screen.findByText('Incorrect password.')).toBeTruthy();
    expect(sent).toEqual({ verdict: 'keep', note: '', password: 'pw' });
  });
});
