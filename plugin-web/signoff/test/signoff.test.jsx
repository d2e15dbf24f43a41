import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render as plainRender, screen, waitFor, within } from '@testing-library/react';

// Two busy cores: antd renders slowly here.
configure({ asyncUtilTimeout: 20000 });
vi.setConfig({ testTimeout: 120_000 });
import { renderPage } from './page';
import { Snackbar } from '../src/components/Snackbar';
import { afterReview, revisionText } from '../src/lib';
import { stubFetch } from './helpers';

const swp = (id, part, extra = {}) => ({
  _id: id,
  partNumber: part,
  revision: 0,
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  onBehalfOf: null,
  zones: ['A1', 'B1'],
  changes: 'Torque',
  approvals: {},
  ...extra,
});

const alert = (id, tag, uploaded, extra = {}) => ({
  _id: id,
  alertTag: tag,
  alertType: 'Quality',
  partNumber: 'P-9',
  uploadDate: { timestamp: uploaded },
  effectiveDate: { date: '2026-03-04T14:00:00Z' },
  sunsetDate: { date: '2026-03-11T14:00:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  onBehalfOf: { name: 'Elias Park' },
  zones: ['A1'],
  ...extra,
});

const links = { urls: { swc: 'about:blank#swc', jes: 'about:blank#jes', vis: 'about:blank#vis', video: null } };
const where = () => screen.getByTestId('where').textContent;

describe('afterReview', () => {
  it('moves to the next item, wraps to the first after the last, and ends empty', () => {
    const l = [{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }];
    expect(afterReview(l, 'a').next).toBe('b');
    expect(afterReview(l, 'c').next).toBe('a');
    expect(afterReview(l, 'c').rest.map((x) => x._id)).toEqual(['a', 'b']);
    expect(afterReview([{ _id: 'a' }], 'a')).toEqual({ rest: [], next: null });
    expect(revisionText(0)).toBe('Release');
    expect(revisionText(2)).toBe('2');
  });
});

describe('Sign Off, SWPs', () => {
  it('lists Pending My Approval with its columns and opens the review view in the URL', async () => {
    stubFetch({
      '/api/swps/pending-my-approval': [200, { swps: [swp('a', 'P-1'), swp('b', 'P-2', { revision: 3 })], urls: {} }],
      '/api/swps/signed-urls/a': [200, links],
    });
    renderPage();
    expect(await screen.findByText('Pending My Approval')).toBeTruthy();
    for (const h of ['Part Number', 'Submitted', 'Uploader', 'Zones', 'Revision']) expect(screen.getByText(h)).toBeTruthy();
    expect(screen.getByText('Release')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    fireEvent.click(screen.getByText('P-1'));
    await screen.findByTestId('review-panel');
    expect(where()).toBe('/main/sign-off?review=a');
    expect(screen.getByPlaceholderText('Enter a note for the author')).toBeTruthy();
    for (const b of ['Back', 'SWC', 'JES', 'VIS', 'VIDEO', 'Reject', 'Approve']) expect(screen.getByRole('button', { name: b })).toBeTruthy();
    const panel = within(screen.getByTestId('review-panel'));
    for (const l of ['Submitted', 'Uploader', 'Author', 'Revision', 'Zones', 'Changes']) expect(panel.getByText(l)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'VIDEO' }).disabled).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'JES' }));
    expect(where()).toBe('/main/sign-off?review=a&section=jes');
  });

  it('says which rejection a corrected version answers in the review view', async () => {
    const corrects = { _id: 'r1', rejectedDate: '2026-03-04T14:05:00Z', reviewer: 'Quinn Stone', note: 'Wrong torque on step 4' };
    stubFetch({
      '/api/swps/pending-my-approval': [200, { swps: [swp('a', 'P-1', { corrects }), swp('b', 'P-2')], urls: {} }],
      '/api/swps/signed-urls/a': [200, links],
      '/api/swps/signed-urls/b': [200, links],
    });
    renderPage('/main/sign-off?review=a');
    const panel = await screen.findByTestId('review-panel');
    expect(within(panel).getByTestId('corrects-link').textContent).toBe('Corrects the version rejected on Mar-04-26 02:05pm: Wrong torque on step 4');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByText('P-2'));
    await waitFor(() => expect(where()).toBe('/main/sign-off?review=b'));
    expect(screen.queryByTestId('corrects-link')).toBeNull();
  });

  it("shows no table when nothing is pending: the kit's empty state", async () => {
    stubFetch({ '/api/swps/pending-my-approval': [200, { swps: [], urls: {} }] });
    const { container } = renderPage();
    await screen.findByText('Pending My Approval');
    expect(container.querySelector('table')).toBeNull();
    const empty = screen.getByTestId('empty');
    expect(empty.classList.contains('ant-empty-normal')).toBe(true);
    expect(empty.querySelector('.ant-empty-description').textContent).toBe('No records found');
  });

  it("says the spec's words for an empty Alerts tab in the kit's empty state", async () => {
    stubFetch({ '/api/alerts/pending-my-approval': [200, []] });
    const { container } = renderPage('/main/sign-off?tab=alerts');
    const words = await screen.findByText('You have no alerts pending your approval.');
    expect(words.classList.contains('ant-empty-description')).toBe(true);
    expect(words.closest('[data-testid=empty]').classList.contains('ant-empty-normal')).toBe(true);
    expect(container.querySelector('table')).toBeNull();
  });

  it('wraps from the last item to the first after an approval, with the snackbar', async () => {
    const fetch = stubFetch({
      '/api/swps/pending-my-approval': [200, { swps: [swp('a', 'P-1'), swp('b', 'P-2'), swp('c', 'P-3')], urls: {} }],
      '/api/swps/signed-urls/a': [200, links],
      '/api/swps/signed-urls/c': [200, links],
      'POST /api/swps/approve/c': [200, {}],
    });
    renderPage('/main/sign-off?review=c');
    const panel = await screen.findByTestId('review-panel');
    expect(within(panel).getByText('P-3')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Enter a note for the author'), { target: { value: 'fine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(where()).toBe('/main/sign-off?review=a'));
    expect(within(screen.getByTestId('review-panel')).getByText('P-1')).toBeTruthy();
    expect(screen.getByTestId('snackbar').textContent).toBe('Successfully approved the SWP');
    const call = fetch.mock.calls.find(([p]) => p === '/api/swps/approve/c');
    expect(JSON.parse(call[1].body)).toEqual({ reviewNote: 'fine' });
    // The note box starts empty for the next item.
    expect(screen.getByPlaceholderText('Enter a note for the author').value).toBe('');
  });

  it('shows All Done after the last one, and Back to SWPs returns to the list', async () => {
    let pending = [swp('a', 'P-1')];
    stubFetch({
      '/api/swps/pending-my-approval': () => [200, { swps: pending, urls: {} }],
      '/api/swps/signed-urls/a': [200, links],
      'POST /api/swps/reject/a': () => {
        pending = [];
        return [200, {}];
      },
    });
    renderPage('/main/sign-off?review=a');
    await screen.findByTestId('review-panel');
    fireEvent.change(screen.getByPlaceholderText('Enter a note for the author'), { target: { value: 'wrong part' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('All Done!')).toBeTruthy();
    expect(screen.getByText('You have approved all of the SWP documents on your list. Nice job.')).toBeTruthy();
    expect(screen.getByTestId('snackbar').textContent).toBe('Successfully rejected the SWP');
    expect(where()).toBe('/main/sign-off?done=1');
    fireEvent.click(screen.getByRole('button', { name: 'Back to SWPs' }));
    await screen.findByText('Pending My Approval');
    expect(where()).toBe('/main/sign-off');
  });

  it('shows reject errors under the note box and stays on the item', async () => {
    stubFetch({
      '/api/swps/pending-my-approval': [200, { swps: [swp('a', 'P-1')], urls: {} }],
      '/api/swps/signed-urls/a': [200, links],
      'POST /api/swps/reject/a': [400, { reviewNote: 'Please enter a note for the author.' }],
    });
    renderPage('/main/sign-off?review=a');
    await screen.findByTestId('review-panel');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect((await screen.findByTestId('error-reviewNote')).textContent).toBe('Please enter a note for the author.');
    expect(where()).toBe('/main/sign-off?review=a');
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('hides the snackbar after 6000 ms', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    plainRender(<Snackbar message={{ text: 'Successfully approved the SWP', at: 1 }} onClose={onClose} />);
    expect(screen.getByRole('status').textContent).toBe('Successfully approved the SWP');
    vi.advanceTimersByTime(5999);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Sign Off, Alerts', () => {
  it('says so when nothing is pending, also when the list fails', async () => {
    stubFetch({ '/api/alerts/pending-my-approval': [500, { error: 'x' }] });
    renderPage('/main/sign-off?tab=alerts');
    expect(await screen.findByText('You have no alerts pending your approval.')).toBeTruthy();
  });

  it('sorts by Uploaded ascending, reviews with Loading.. then the error, and ends with All Done', async () => {
    stubFetch({
      '/api/alerts/pending-my-approval': [200, [alert('x', 'ALR-2', '2026-03-05T10:00:00Z'), alert('y', 'ALR-1', '2026-03-01T10:00:00Z')]],
      '/api/alerts/signed-url/y': [500, { error: 'x' }],
      '/api/alerts/signed-url/x': [200, 'about:blank#alert'],
      'POST /api/alerts/approve/y': [200, {}],
      'POST /api/alerts/approve/x': [200, {}],
    });
    const { container } = renderPage('/main/sign-off?tab=alerts');
    await screen.findByText('ALR-1');
    for (const h of ['ID', 'Type', 'Part', 'Uploaded', 'Zones', 'Owner']) expect(screen.getAllByText(h).length).toBeGreaterThan(0);
    const first = container.querySelector('tbody tr.pd-table-row');
    expect(first.textContent).toContain('ALR-1');
    fireEvent.click(screen.getByText('ALR-1'));
    expect(await screen.findByText('Loading..')).toBeTruthy();
    expect(await screen.findByText('There was an error fetching the alert.')).toBeTruthy();
    const panel = within(screen.getByTestId('review-panel'));
    for (const l of ['Submitted', 'Type', 'Part', 'Uploader', 'Responsibility', 'Effective', 'Sunset', 'Zones']) expect(panel.getByText(l)).toBeTruthy();
    expect(panel.getByText('Elias Park')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(where()).toBe('/main/sign-off?tab=alerts&review=x'));
    expect(screen.getByTestId('snackbar').textContent).toBe('Successfully approved the Alert');
    await waitFor(() => expect(screen.getByTitle('Alert ALR-2').getAttribute('src')).toBe('about:blank#alert'));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You have approved all of the Alert documents on your list. Nice job.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Alerts' }));
    await screen.findByText('You have no alerts pending your approval.');
    expect(where()).toBe('/main/sign-off?tab=alerts');
  });
});
