import { beforeEach, describe, expect, it } from 'vitest';
import { setSessionUser } from '@plantdoc/kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BrowseTab } from '../src/tabs/BrowseTab';
import { PendingTab } from '../src/tabs/PendingTab';
import { ApprovedTab } from '../src/tabs/ApprovedTab';
import { HistoryTab, HistoryTable } from '../src/tabs/HistoryTab';
import { EffectiveNotice } from '../src/components/SwpViewer';
import { SwpDetails, ZONE_SAVE_ERROR } from '../src/pages/PartSearchPage';
import { MemoryRouter } from 'react-router';
import { renderWithQuery, stubFetch } from './helpers';

// The tabs keep the open SWP in the URL: they render inside a router.
const render = (ui) => renderWithQuery(<MemoryRouter>{ui}</MemoryRouter>);

const swp = (id, part, extra = {}) => ({
  _id: id,
  partNumber: part,
  revision: 0,
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  deployDate: { timestamp: '2026-03-05T09:00:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  zones: ['A1', 'B1'],
  changes: '',
  approvals: { process: { status: 'Pending' }, quality: { status: 'Approved' }, production: { status: 'Pending' } },
  opsSigned: [],
  ...extra,
});

// A manager may delete any SWP they see: every row has its checkbox.
beforeEach(() => setSessionUser({ _id: 'm1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', department: 'process' }));

describe('Browse', () => {
  it('asks the server for page 1 by part number ascending and shows Release for revision 0', async () => {
    const fetch = stubFetch({
      '/api/swps/deployed-swps-paginated': [200, { results: [swp('a', 'P-1'), swp('b', 'P-2', { revision: 3 })], total: 2 }],
    });
    render(<BrowseTab />);
    expect(await screen.findByText('P-1')).toBeTruthy();
    const url = new URL(fetch.mock.calls[0][0], 'http://x');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('limit')).toBe('10');
    expect(url.searchParams.get('sortBy')).toBe('partNumber');
    expect(url.searchParams.get('sortOrder')).toBe('asc');
    for (const h of ['Part Number', 'Deployed', 'Revision', 'Uploader', 'Creator', 'Zones', 'Changes']) expect(screen.getByText(h)).toBeTruthy();
    expect(screen.getByText('Release')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getAllByText('A1, B1')).toHaveLength(2);
    expect(screen.getByPlaceholderText('Search Part Number')).toBeTruthy();
  });

  it('searches (debounced) and deletes selected rows with the deployed dialog', async () => {
    const fetch = stubFetch({
      '/api/swps/deployed-swps-paginated': [200, { results: [swp('a', 'P-1')], total: 1 }],
      'POST /api/swps/delete-deployed': [200, {}],
    });
    const { container } = render(<BrowseTab />);
    await screen.findByText('P-1');
    fireEvent.change(screen.getByPlaceholderText('Search Part Number'), { target: { value: 'P-' } });
    await waitFor(() => expect(fetch.mock.calls.some(([p]) => String(p).includes('search=P-'))).toBe(true));
    fireEvent.click(container.querySelector('tbody input[type=checkbox]'));
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(
      await screen.findByText('Are you sure you want to delete the selected documents and remove them from the plant floor? This action cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(fetch.mock.calls.some(([p]) => p === '/api/swps/delete-deployed')).toBe(true));
    const del = fetch.mock.calls.find(([p]) => p === '/api/swps/delete-deployed');
    expect(JSON.parse(del[1].body)).toEqual(['a']);
  });
});

describe('Pending', () => {
  it('shows a rejected stage in red with the reviewer, the date and the note', async () => {
    stubFetch({
      '/api/swps/user-pending-swps': [
        200,
        [
          swp('a', 'P-1', {
            status: 'rejected',
            approvals: {
              process: { status: 'Approved', reviewer: 'Arturo Diaz', date: '2026-03-04T15:00:00Z', note: null },
              quality: { status: 'Rejected', reviewer: 'Alma Kerr', date: '2026-03-04T16:00:00Z', note: 'Wrong torque table' },
              production: { status: 'Pending' },
            },
          }),
        ],
      ],
    });
    render(<PendingTab mine />);
    const rejected = await screen.findByText('Rejected');
    expect(rejected.style.color).toBe('rgb(207, 19, 34)');
    expect(screen.getByText(/Alma Kerr, Mar-04-26/)).toBeTruthy();
    expect(screen.getByText(/Arturo Diaz/)).toBeTruthy();
    expect(screen.getByTestId('review-note').textContent).toContain('Wrong torque table');
  });

  it('colours the statuses, searches every value and deletes with the pending dialog', async () => {
    let deleted = [];
    const fetch = stubFetch({
      '/api/swps/user-pending-swps': () => [200, [swp('a', 'P-1'), swp('b', 'Q-2', { zones: ['C3'] })].filter((r) => !deleted.includes(r._id))],
      'POST /api/swps/delete-pending': (_, init) => {
        deleted = JSON.parse(init.body);
        return [200, {}];
      },
    });
    const { container } = render(<PendingTab mine />);
    expect(await screen.findByText('Pending Approval')).toBeTruthy();
    await screen.findByText('P-1');
    expect(screen.getAllByText('Pending')[0].style.color).toBe('rgb(173, 78, 0)');
    expect(screen.getAllByText('Approved')[0].style.color).toBe('green');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'c3' } });
    expect(screen.queryByText('P-1')).toBeNull();
    expect(screen.getByText('Q-2')).toBeTruthy();
    fireEvent.click(container.querySelector('tbody input[type=checkbox]'));
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(
      await screen.findByText('Are you sure you want to delete the selected documents and remove them from the review process? This action cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByText('Q-2')).toBeNull());
    const del = fetch.mock.calls.find(([p]) => p === '/api/swps/delete-pending');
    expect(JSON.parse(del[1].body)).toEqual(['b']);
  });

  it('opens the viewer on a part number with the signed URLs', async () => {
    stubFetch({
      '/api/swps/pending-swps': [200, [swp('a', 'P-1')]],
      '/api/swps/signed-urls/a': [200, { urls: { swc: '/f/swc', jes: '/f/jes', vis: '/f/vis', video: null } }],
    });
    render(<PendingTab />);
    fireEvent.click(await screen.findByText('P-1'));
    const viewer = await screen.findByTestId('document-viewer');
    await waitFor(() => expect(viewer.querySelector('iframe')?.getAttribute('src')).toBe('/f/swc#toolbar=1&view=FitH'));
    expect(screen.getByRole('button', { name: 'VIDEO' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Pending Approval')).toBeTruthy();
  });
});

describe('Approved', () => {
  it('links a signed count to the Operators Signed modal', async () => {
    const op = { op: { _id: 'o', opNo: 'OP1001', fullName: 'Olivia Grant' }, dateSigned: { date: '2026-03-05T10:00:00Z' } };
    stubFetch({
      '/api/swps/user-deployed-swps': [200, [swp('a', 'P-1', { opsSigned: [op] }), swp('b', 'P-2')]],
      '/api/swps/signed-ops/a': [200, { opList: { opsSigned: [op] } }],
    });
    render(<ApprovedTab mine />);
    expect(await screen.findByText('Approved')).toBeTruthy();
    // The title shows before the rows arrive: wait for the table itself.
    for (const h of ['Part Number', 'Submitted', 'Deployed', 'Operators Signed']) expect(await screen.findByText(h)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('signed-link'));
    expect(await screen.findByText('Olivia Grant')).toBeTruthy();
  });

  it('All Approved pages on the server, deployDate descending, No records found when empty', async () => {
    const fetch = stubFetch({ '/api/swps/deployed-swps-paginated': [200, { results: [], total: 0 }] });
    render(<ApprovedTab />);
    expect(await screen.findByText('No records found')).toBeTruthy();
    const url = new URL(fetch.mock.calls[0][0], 'http://x');
    expect(url.searchParams.get('sortBy')).toBe('deployDate.timestamp');
    expect(url.searchParams.get('sortOrder')).toBe('desc');
    expect(screen.getByRole('heading', { level: 2, name: 'Deployed' })).toBeTruthy();
  });
});

describe('Effective dates in the console', () => {
  it('says where a revision takes effect later, and where the one it superseded stays in force until then', () => {
    const { unmount } = render(<EffectiveNotice swp={{ effectiveFrom: [{ zone: 'A1', day: '2026-12-07' }] }} />);
    expect(screen.getByTestId('effective-notice').textContent).toBe('Takes effect on 2026-12-07 in A1');
    unmount();
    render(<EffectiveNotice swp={{ inForceUntil: [{ zone: 'A1', day: '2026-12-07' }] }} />);
    expect(screen.getByTestId('effective-notice').textContent).toBe('In force until 2026-12-07 in A1');
  });
});

describe('Verification history', () => {
  it("names each revision's reason and change request, and says when a list could not load", async () => {
    stubFetch({
      '/api/island/sign-history/k1': [200, { opsSigned: [], revision: 2, changes: 'New torque 12 Nm', changeRequest: 'CR-2026-0001' }],
      '/api/island/obsolete-sign-history/P-1': [500, { error: 'down' }],
    });
    renderWithQuery(
      <MemoryRouter initialEntries={['/?part=k1&pn=P-1']}>
        <HistoryTab />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('revision-reason')).textContent).toBe('Revision 2 · Changes: New torque 12 Nm · Change request CR-2026-0001');
    expect(await screen.findByText("Could not load the past revisions' sign history.", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('Verification history table', () => {
  it('shows VERIFIED green / NOT VERIFIED red, Verified descending, 12 rows a page', () => {
    const rows = Array.from({ length: 14 }, (_, i) => ({
      _id: `s${i}`,
      verified: i % 2 === 0,
      op: { fullName: `Op ${i}`, opNo: `OP${i}` },
      dateSigned: { date: '2026-03-01T10:00:00Z' },
      cl: i % 2 === 0 ? { fullName: 'Sam Ortiz', opNo: '9031' } : null,
      dateVerified: i % 2 === 0 ? { date: `2026-03-${String(10 + i).padStart(2, '0')}T10:00:00Z` } : null,
    }));
    const { container } = render(<HistoryTable rows={rows} />);
    const trs = container.querySelectorAll('tbody tr.pd-table-row');
    expect(trs).toHaveLength(12);
    expect(within(trs[0]).getByText('Op 12')).toBeTruthy();
    const verified = within(trs[0]).getByText('VERIFIED');
    expect(verified.style.color).toBe('green');
    expect(screen.getAllByText('NOT VERIFIED')[0].style.color).toBe('rgb(207, 19, 34)');
    for (const h of ['Status', 'Op Name', 'Op Number', 'Signed', 'CL Name', 'CL Number', 'Verified']) expect(screen.getAllByText(h).length).toBeGreaterThan(0);
  });

  it("shows a record's detail: names, times with their UTC offset, meanings, modes and the version's SHA-256", async () => {
    const sha = 'ab'.repeat(32);
    const rows = [
      {
        _id: 'd1',
        verified: true,
        op: { fullName: 'Pia Pin', opNo: 'OP77' },
        dateSigned: { date: '2026-03-01T10:00:00.000Z' },
        cl: { fullName: 'Lee Lead', opNo: 'CL9' },
        dateVerified: { date: '2026-03-01T10:05:00.000Z' },
        versionHash: sha,
        signMeaning: 'Read',
        signMode: 'badge+pin',
        verifyMeaning: 'Verified',
        verifyMode: 'badge',
      },
    ];
    render(<HistoryTable rows={rows} />);
    fireEvent.click(screen.getByRole('button', { name: "Details of Pia Pin's signature" }));
    const detail = await screen.findByTestId('signature-detail');
    expect(within(detail).getByTestId('version-sha256').textContent).toContain(sha);
    const offset = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d$/;
    const times = within(detail)
      .getAllByText(offset)
      .map((e) => e.textContent);
    expect(times).toHaveLength(2);
    // The browser's zone: the same instants as the records' UTC times.
    const instant = (t) => Date.parse(t.replace(' ', 'T').replace(/ ([+-])/, '$1'));
    expect(times.map(instant)).toEqual([Date.parse('2026-03-01T10:00:00Z'), Date.parse('2026-03-01T10:05:00Z')]);
    for (const t of ['Pia Pin (OP77)', 'Lee Lead (CL9)', 'Read', 'Verified', 'badge+pin', 'badge']) expect(within(detail).getByText(t)).toBeTruthy();
  });
});

describe('Part details', () => {
  it('lists the details, None for no changes, and reports a failed zone save', async () => {
    stubFetch({ '/api/zones': [200, [{ value: 'A1', label: 'A Zone 1' }]], 'POST /api/swps/edit/a': [500, { error: 'x' }] });
    render(<SwpDetails swp={swp('a', 'P-1', { newRelease: true, onBehalfOf: { name: 'Elias Park' } })} />);
    for (const l of ['Deployed', 'New Release', 'Revision', 'Uploaded By', 'Uploaded on Behalf of', 'Reference Only', 'Zones', 'Changes'])
      expect(screen.getByText(l)).toBeTruthy();
    expect(screen.getByText('None')).toBeTruthy();
    expect(screen.getByText('Elias Park')).toBeTruthy();
    fireEvent.click(screen.getByText('Edit'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ZONE_SAVE_ERROR)).toBeTruthy();
  });
});

describe('Delete checkboxes', () => {
  it('shows them only on rows the user may delete (authors; managers everywhere)', async () => {
    setSessionUser({ _id: 'e1', firstname: 'Erin', lastname: 'Cole', position: 'engineer', department: 'process' });
    stubFetch({
      '/api/swps/pending-swps': [
        200,
        [
          swp('a', 'P-1', { owner: { _id: 'e1', firstname: 'Erin', lastname: 'Cole' } }),
          swp('b', 'Q-2', { owner: { _id: 'e2', firstname: 'Elias', lastname: 'Park' } }),
        ],
      ],
    });
    const { container } = render(<PendingTab />);
    await screen.findByText('Q-2');
    expect(container.querySelectorAll('tbody input[type=checkbox]')).toHaveLength(1);
    expect(screen.getByLabelText('Select P-1')).toBeTruthy();
  });

  it('shows none, and no Delete button, when the user may delete no row', async () => {
    setSessionUser({ _id: 'x9', firstname: 'Alma', lastname: 'Kerr', position: 'supervisor', department: 'quality' });
    stubFetch({ '/api/swps/pending-swps': [200, [swp('b', 'Q-2', { owner: { _id: 'e2' } })]] });
    const { container } = render(<PendingTab />);
    await screen.findByText('Q-2');
    expect(container.querySelectorAll('input[type=checkbox]')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
