import { describe, expect, it } from 'vitest';
import { setSessionUser } from '@plantdoc/kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import dayjs from 'dayjs';
import { AlertsPage } from '../src/pages/AlertsPage';
import { UploadTab } from '../src/tabs/UploadTab';
import { defaultSunset, currentQuarter, statusColor, statusText, uploadPayload } from '../src/lib';
import { renderWithQuery, stubFetch } from './helpers';

const alert = (id, tag, extra = {}) => ({
  _id: id,
  alertTag: tag,
  alertType: 'Safety',
  partNumber: 'P-1',
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  effectiveDate: { date: '2026-03-04T14:15:00Z' },
  sunsetDate: { date: '2026-03-11T14:15:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  onBehalfOf: { name: 'Elias Park' },
  zones: ['A1'],
  approvals: { engineer: { status: 'Approved' }, manager: { status: 'Pending' } },
  opSigned: [{}, {}],
  mine: true,
  ...extra,
});

const page = (url) =>
  renderWithQuery(
    <MemoryRouter initialEntries={[url]}>
      <AlertsPage />
    </MemoryRouter>,
  );

describe('lib', () => {
  it('colours Approved green and anything else orange, steps dates by 15 minutes, sunset +7 days', () => {
    expect([statusColor('Approved'), statusColor('Pending'), statusColor('Rejected')]).toEqual(['green', '#ad4e00', '#cf1322']);
    expect(currentQuarter(dayjs('2026-03-04T14:05:30')).format('HH:mm:ss')).toBe('14:00:00');
    expect(currentQuarter(dayjs('2026-03-04T14:30:00')).format('HH:mm')).toBe('14:30');
    expect(defaultSunset(dayjs('2026-03-04T14:15:00')).format('YYYY-MM-DD HH:mm')).toBe('2026-03-11 14:15');
    const p = uploadPayload({
      files: [{ uid: 'u1', serverId: 's1' }],
      alertType: 'Change',
      partNumber: ' p-1 ',
      zones: ['A1'],
      effectiveDate: dayjs('2026-03-04T14:15:00Z'),
      sunsetDate: null,
    });
    expect(p.alertFile).toEqual({ id: 'u1', serverId: 's1' });
    expect([p.partNumber, p.onBehalfOf, p.effectiveDate, p.sunsetDate]).toEqual(['P-1', 'Myself', '2026-03-04T14:15:00.000Z', '']);
  });
});

describe('Alerts page', () => {
  it('shows the six tabs and the pending columns with coloured statuses; My Pending keeps mine', async () => {
    stubFetch({ '/api/alerts/user-pending-alerts': [200, [alert('a', 'S-2026-0001'), alert('b', 'C-2026-0002', { mine: false })]] });
    page('/main/alerts?tab=my-pending');
    expect(await screen.findByText('S-2026-0001')).toBeTruthy();
    expect(screen.queryByText('C-2026-0002')).toBeNull();
    const tabs = [...document.querySelectorAll('[role=tab]')].map((t) => t.textContent);
    expect(tabs).toEqual(['Browse', 'My Pending', 'All Pending', 'My Approved', 'All Approved', 'Upload']);
    for (const h of ['ID', 'Type', 'Part', 'Uploaded', 'Issuer', 'Engineer', 'Manager']) expect(screen.getByText(h)).toBeTruthy();
    expect(screen.getByText('Approved').style.color).toBe('green');
    expect(screen.getByText('Pending').style.color).toBe('rgb(173, 78, 0)');
    expect(screen.getByText('Elias Park')).toBeTruthy();
  });

  it('shows each alert status in words, never the raw lower-case value', async () => {
    const later = dayjs().add(2, 'day').toISOString();
    stubFetch({
      '/api/alerts/user-deployed-alerts': [
        200,
        [
          alert('a', 'S-2026-0001', { status: 'deployed', inForce: true }),
          alert('b', 'C-2026-0002', { status: 'expired', inForce: false }),
          alert('c', 'Q-2026-0003', { status: 'deployed', inForce: false, effectiveDate: { date: later } }),
        ],
      ],
    });
    const { container } = page('/main/alerts?tab=all-approved');
    await screen.findByText('S-2026-0001');
    const statuses = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].at(-2).textContent);
    expect(statuses.sort()).toEqual(['Deployed', 'Expired', 'Scheduled']);
    expect(screen.queryByText('deployed')).toBeNull();
    expect(screen.getByText('S-2026-0001').closest('a').style.whiteSpace).toBe('nowrap');
    expect([statusText({ status: 'pending' }), statusText({ status: 'rejected' }), statusText({ status: 'deleted' })]).toEqual([
      'Pending',
      'Rejected',
      'Deleted',
    ]);
  });

  it('shows the empty texts, also when a list fails', async () => {
    stubFetch({
      '/api/alerts/deployed': [200, []],
      '/api/alerts/user-pending-alerts': [500, { error: 'x' }],
      '/api/alerts/user-deployed-alerts': [200, [alert('a', 'S-1', { mine: false })]],
    });
    const { unmount } = page('/main/alerts');
    expect(await screen.findByText('No alerts have been deployed yet.')).toBeTruthy();
    unmount();
    const second = page('/main/alerts?tab=all-pending');
    expect(await screen.findByText('There are no alerts pending approval.')).toBeTruthy();
    second.unmount();
    page('/main/alerts?tab=my-approved');
    expect(await screen.findByText('None of your alerts have been approved yet.')).toBeTruthy();
  });

  it('opens the detail view: Loading.. then the document, or the error text', async () => {
    stubFetch({
      '/api/alerts/user-deployed-alerts': [200, [alert('a', 'S-1'), alert('b', 'S-2')]],
      '/api/alerts/signed-url/a': [200, '/files/a.pdf'],
      '/api/alerts/signed-url/b': [500, { error: 'x' }],
    });
    const { unmount } = page('/main/alerts?tab=all-approved');
    await screen.findByText('S-1');
    expect(screen.getAllByText('2')).toHaveLength(2);
    fireEvent.click(screen.getByText('S-1'));
    expect(screen.getByText('Loading..')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toBe('/files/a.pdf#toolbar=1&view=FitH'));
    unmount();
    page('/main/alerts?tab=all-approved&alert=b');
    expect((await screen.findAllByText('There was an error fetching the alert.')).length).toBeGreaterThan(0);
    expect(screen.getByText('Back').closest('button')).toBeTruthy();
  });

  it('deletes selected rows after the pending dialog', async () => {
    const fetch = stubFetch({ '/api/alerts/user-pending-alerts': [200, [alert('a', 'S-1')]], 'POST /api/alerts/delete-pending': [200, { deleted: ['a'] }] });
    const { container } = page('/main/alerts?tab=all-pending');
    await screen.findByText('S-1');
    fireEvent.click(container.querySelector('tbody input[type=checkbox]'));
    fireEvent.click(screen.getByText('Delete (1)').closest('button'));
    expect(
      await screen.findByText('Are you sure you want to delete the selected documents and remove them from the review process? This action cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Yes').closest('button'));
    await waitFor(() => expect(fetch.mock.calls.some(([p]) => p === '/api/alerts/delete-pending')).toBe(true));
    expect(JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/alerts/delete-pending')[1].body)).toEqual(['a']);
  });
});

describe('Upload form', () => {
  it('defaults type Change and Myself, counts 140 characters, shows server field errors in red', async () => {
    stubFetch({
      '/api/zones': [200, [{ value: 'A1', label: 'A Zone 1' }]],
      '/api/alerts/onBehalfOfUsers': [200, []],
      'POST /api/alerts/uploadS3': [400, { alertFile: 'Please upload the alert file.', sunsetDate: 'The sunset date must be after the effective date.' }],
    });
    renderWithQuery(
      <MemoryRouter>
        <UploadTab />
      </MemoryRouter>,
    );
    expect(screen.getByText('Change')).toBeTruthy();
    expect(screen.getByText('Myself')).toBeTruthy();
    const eff = screen.getByLabelText('Effective Date').value;
    const sun = screen.getByLabelText('Sunset Date').value;
    expect(dayjs(sun, 'YYYY-MM-DD hh:mm A').diff(dayjs(eff, 'YYYY-MM-DD hh:mm A'), 'day')).toBe(7);
    fireEvent.change(screen.getByLabelText('Changes'), { target: { value: 'x'.repeat(150) } });
    expect(screen.getByLabelText('Changes').value).toHaveLength(140);
    expect(screen.getByTestId('changes-counter').textContent).toBe('0 characters left');
    expect(screen.getByTestId('changes-counter').style.color).toBe('rgb(207, 19, 34)');
    fireEvent.click(screen.getByText('Submit').closest('button'));
    expect((await screen.findByTestId('error-alertFile')).textContent).toBe('Please upload the alert file.');
    expect(screen.getByTestId('error-sunsetDate')).toBeTruthy();
  });
});

describe('A rejected alert', () => {
  it('shows Rejected with the rejection, and Submit a corrected version fills the Upload tab from it', async () => {
    setSessionUser({ _id: 'e1', firstname: 'Erin', lastname: 'Cole', position: 'engineer', department: 'process' });
    const rejection = { status: 'Rejected', reviewer: 'Quinn Stone', date: '2026-03-04T14:05:00Z', note: 'Wrong part' };
    const rejected = alert('r', 'S-2026-0001', {
      status: 'rejected',
      owner: { _id: 'e1', firstname: 'Erin', lastname: 'Cole' },
      onBehalfOf: { _id: 'e1', name: 'Erin Cole' },
      alertType: 'Quality',
      zones: ['A1'],
      changes: 'Gloves on.',
      effectiveDate: { date: '2099-03-04T14:15:00Z' },
      sunsetDate: { date: '2099-03-11T14:15:00Z' },
      approvals: { engineer: rejection, manager: { status: 'Pending' } },
    });
    const fetch = stubFetch({
      '/api/alerts/user-pending-alerts': [200, [rejected]],
      '/api/alerts/alert/r': [200, { alert: rejected }],
      '/api/zones': [200, [{ value: 'A1', label: 'A Zone 1' }]],
      '/api/alerts/onBehalfOfUsers': [200, []],
      'POST /api/alerts/uploadS3': [400, { alertFile: 'Please upload the alert file.' }],
    });
    page('/main/alerts?tab=my-pending');
    const state = await screen.findByTestId('review-state');
    expect(state.textContent).toContain('Rejected in the Engineer review');
    expect(screen.getByText('Quinn Stone, Mar-04-26 02:05pm')).toBeTruthy();
    expect(screen.getByTestId('review-note').textContent).toBe('“Wrong part”');
    expect(screen.getByText('Not reviewed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit a corrected version' }));
    const notice = await screen.findByTestId('corrects-notice');
    expect(notice.textContent).toContain('Corrected version of the alert S-2026-0001 rejected on Mar-04-26 02:05pm by Quinn Stone');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Upload');
    expect(document.querySelector('#partNumber').value).toBe('P-1');
    expect(screen.getByText('Quality')).toBeTruthy();
    expect(screen.getByLabelText('Effective Date').value).toBe(dayjs('2099-03-04T14:15:00Z').format('YYYY-MM-DD hh:mm A'));
    expect(screen.getByLabelText('Changes').value).toBe('Gloves on.');
    fireEvent.click(screen.getByText('Submit').closest('button'));
    await screen.findByTestId('error-alertFile');
    const sent = JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/alerts/uploadS3')[1].body);
    expect([sent.corrects, sent.alertType, sent.partNumber, sent.onBehalfOf, sent.zones]).toEqual(['r', 'Quality', 'P-1', 'Myself', ['A1']]);
    expect(sent.sunsetDate).toBe('2099-03-11T14:15:00.000Z');
  });
});
