// Badge + PIN rollout (decision 100): Edit User's 'Issue PIN' shows one person's one-time
// PIN once, printable; Manage Users gives every operator of one of the manager's zones a
// one-time PIN on a printable sheet, shown once; the server's field error shows under
// the zone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearSession, setSessionUser } from '@plantdoc/kit';
import { routes } from '../src/routes';
import { PRINT_CSS } from '../src/components/PinSheet';
import { ZonePins } from '../src/components/ZonePins';
import { IssuePin } from '../src/components/IssuePin';
import { renderWithQuery as render, stubFetch } from './helpers';

const manager = {
  _id: 'm1',
  firstname: 'Paula',
  lastname: 'Reyes',
  fullName: 'Paula Reyes',
  email: 'paula@x.y',
  department: 'production',
  position: 'manager',
  companyCode: 'mpk',
  zones: ['A1', 'B2'],
  status: 'ACTIVE',
};
const olivia = {
  _id: 'u1',
  firstname: 'Olivia',
  lastname: 'Chen',
  fullName: 'Olivia Chen',
  email: 'olivia@x.y',
  companyCode: 'mpk',
  position: 'operator',
  department: 'production',
  zones: ['A1'],
  badge: '1001',
  opNo: 'OP1001',
};
const SLOW = { timeout: 8000 };

function renderAt(url) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={`/main/settings/${r.path}`} element={r.element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

const posted = (fetch, path) => fetch.mock.calls.filter(([p, init]) => p === path && init?.method === 'POST').map(([, init]) => JSON.parse(init.body));

afterEach(() => clearSession());

describe('Issuing one-time PINs', () => {
  it("Edit User: 'Issue PIN' after a confirmation shows the PIN once, with Print", async () => {
    const fetch = stubFetch({ 'POST /api/users/pin/issue': [200, { pin: '482913' }] });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(<IssuePin user={olivia} />);
    fireEvent.click(screen.getByText('Issue PIN').closest('button'));
    const question = await screen.findByText('Issue a one-time PIN to Olivia Chen? Their current PIN stops working.');
    expect(posted(fetch, '/api/users/pin/issue')).toEqual([]);
    fireEvent.click(within(question.closest('.ant-popover')).getByText('Issue PIN').closest('button'));
    const sheet = await screen.findByTestId('pin-sheet', {}, SLOW);
    expect(posted(fetch, '/api/users/pin/issue')).toEqual([{ email: 'olivia@x.y' }]);
    expect(within(sheet).getByText('One-time PIN for Olivia Chen')).toBeTruthy();
    const row = sheet.querySelectorAll('tr')[1];
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['Olivia Chen', 'OP1001', '482913']);
    expect(within(sheet).getByText('Shown once: print it or note it now. It cannot be shown again.')).toBeTruthy();
    expect(sheet.querySelector('style').textContent).toBe(PRINT_CSS);
    expect(PRINT_CSS).toContain('@media print');
    fireEvent.click(within(sheet).getByText('Print').closest('button'));
    expect(print).toHaveBeenCalledTimes(1);
    // Done forgets it: it cannot be shown again.
    fireEvent.click(within(sheet).getByText('Done').closest('button'));
    await waitFor(() => expect(screen.queryByText('482913')).toBeNull());
    expect(screen.getByText('Issue PIN')).toBeTruthy();
  });

  it("Edit User: 'Issue PIN' on another person's page, not on one's own", async () => {
    setSessionUser(manager);
    stubFetch({ '/api/users/all': [200, [manager, olivia]], '/api/users/options': [200, { zones: {} }] });
    const { unmount } = renderAt('/main/settings/users/u1');
    expect(await screen.findByText('Issue PIN', {}, SLOW)).toBeTruthy();
    unmount();
    renderAt('/main/settings/users/m1');
    expect(await screen.findByText('Edit User: Paula Reyes', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Issue PIN')).toBeNull();
  });

  it("Manage Users: a zone's sheet of one-time PINs, printable, once; a refusal shows under the zone", async () => {
    setSessionUser(manager);
    const sheet = {
      zone: 'A1',
      pins: [
        { name: 'Olivia Chen', opNo: 'OP1001', pin: '482913' },
        { name: 'Omar Diaz', opNo: null, pin: '905172' },
      ],
    };
    const fetch = stubFetch({
      '/api/zones': [
        200,
        [
          { value: 'A1', label: 'A Zone 1' },
          { value: 'B2', label: 'B Zone 2' },
          { value: 'C1', label: 'C Zone 1' },
        ],
      ],
      'POST /api/users/pin/issue-zone': (_p, init) =>
        JSON.parse(init.body).zone === 'B2' ? [400, { zone: 'There are no operators in this zone.' }] : [200, sheet],
    });
    render(<ZonePins />);
    const card = await screen.findByTestId('zone-pins', {}, SLOW);
    const button = () => within(card).getByText('Issue PINs for the zone').closest('button');
    expect(button().disabled).toBe(true);
    const open = () => fireEvent.mouseDown(within(card).getByLabelText('Zone'));
    const confirm = async (text) => {
      fireEvent.click(button());
      const pop = await screen.findByText(text);
      fireEvent.click(within(pop.closest('.ant-popover')).getByText('Issue PINs').closest('button'));
    };
    // Only the manager's own zones are offered, by their labels.
    open();
    await waitFor(() => expect(document.querySelector('[title="B Zone 2"]')).toBeTruthy(), SLOW);
    expect(document.querySelector('[title="C Zone 1"]')).toBeNull();
    fireEvent.click(document.querySelector('[title="B Zone 2"]'));
    await confirm('Every operator of zone B Zone 2 gets a new one-time PIN; PINs they chose stop working. Go on?');
    expect(await within(card).findByText('There are no operators in this zone.', {}, SLOW)).toBeTruthy();
    open();
    fireEvent.click(document.querySelector('[title="A Zone 1"]'));
    await confirm('Every operator of zone A Zone 1 gets a new one-time PIN; PINs they chose stop working. Go on?');
    const shown = await screen.findByTestId('pin-sheet', {}, SLOW);
    expect(posted(fetch, '/api/users/pin/issue-zone')).toEqual([{ zone: 'B2' }, { zone: 'A1' }]);
    expect(within(shown).getByText('One-time PINs, zone A Zone 1')).toBeTruthy();
    const rows = [...shown.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Name', 'Operator number', 'One-time PIN'],
      ['Olivia Chen', 'OP1001', '482913'],
      ['Omar Diaz', '–', '905172'],
    ]);
    fireEvent.click(within(shown).getByText('Done').closest('button'));
    await waitFor(() => expect(screen.queryByText('905172')).toBeNull());
  });

  it('Manage Users: no zone sheet for a manager without zones', async () => {
    setSessionUser({ ...manager, zones: [] });
    stubFetch({ '/api/users/all': [200, [manager, olivia]] });
    renderAt('/main/settings');
    expect(await screen.findByText('Olivia Chen', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Signature PINs for a zone')).toBeNull();
  });
});
