// The readiness page: the empty state, the summary's bars, the drill-down writing its
// filter to the address and asking the server with it, overdue rows in red.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { EMPTY_TEXT, ReadinessPage } from '../src/pages/ReadinessPage';
import { renderWithQuery as render, stubFetch } from '../../kit/test/helpers';

let where = '';
function Where() {
  where = useLocation().search;
  return null;
}

const page = (at = '/main/readiness') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <ReadinessPage />
      <Where />
    </MemoryRouter>,
  );

const row = (state) => ({
  _id: `o-${state}`,
  operator: { _id: 'op1', opNo: 'OP1', fullName: 'Olivia Grant' },
  kind: 'swp',
  partNumber: 'P-1',
  docId: 'd1',
  revision: 2,
  alertTag: null,
  reason: 'new-revision',
  dueDate: { date: '2026-01-08T00:00:00.000Z' },
  state,
  doneDate: null,
});

describe('readiness page', () => {
  it('explains what creates obligations when there are none', async () => {
    stubFetch({ '/api/readiness/summary': [200, []], '/api/readiness/obligations': [200, { results: [], total: 0 }] });
    page();
    expect(await screen.findByText(EMPTY_TEXT)).toBeTruthy();
  });

  it('draws the summary as bars, drills down through the address, overdue rows red', async () => {
    const fetch = stubFetch({
      '/api/readiness/summary': [200, [{ key: 'A1', label: 'A Zone 1', open: 3, overdue: 1, dueSoon: 1, done: 1, donePct: 25 }]],
      '/api/readiness/obligations': [200, { results: [row('overdue'), row('open')], total: 2 }],
    });
    page();
    expect(await screen.findByText('A Zone 1')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'A Zone 1: done' }).getAttribute('aria-valuenow')).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(where).toBe('?zone=A1'));
    await waitFor(() => expect(fetch.mock.calls.some(([p]) => String(p).startsWith('/api/readiness/obligations?zone=A1&page=1&limit=10'))).toBe(true));
    const cells = await screen.findAllByText('OP1 Olivia Grant');
    expect(cells[0].style.color).toBe('rgb(207, 19, 34)');
    expect(cells[1].style.color).toBe('');
    // Reasons and states in words, not the server's codes.
    expect(screen.getAllByText('New revision').length).toBe(2);
    expect(screen.queryByText('new-revision')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/readiness/obligations.csv?zone=A1');
  });

  it('a zone chosen before narrows the summary by part; a part chosen keeps it', async () => {
    const fetch = stubFetch({
      '/api/readiness/summary': [200, [{ key: 'RD-401', label: 'RD-401', open: 2, overdue: 0, dueSoon: 0, done: 0, donePct: 0 }]],
      '/api/readiness/obligations': [200, { results: [row('open')], total: 1 }],
    });
    page('/main/readiness?by=part&zone=A1');
    expect(await screen.findByText('RD-401')).toBeTruthy();
    expect(fetch.mock.calls.some(([p]) => p === '/api/readiness/summary?by=part&zone=A1')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(where).toBe('?by=part&zone=A1&part=RD-401'));
  });
});
