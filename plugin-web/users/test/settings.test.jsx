import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { clearSession, formatDate, setSessionUser } from '@plantdoc/kit';
import { routes } from '../src/routes';
import { RESTRICTED } from '../src/pages/SettingsPage';
import { pendingText } from '../src/pages/DonePage';
import { renderWithQuery as render, stubFetch } from './helpers';

const manager = { _id: 'm1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', companyCode: 'mpk', status: 'ACTIVE' };
const options = {
  companies: ['umw', 'mpk'],
  positions: ['manager', 'engineer', 'operator'],
  departments: ['production', 'process'],
  zones: {
    mpk: [
      { value: 'A1', label: 'A Zone 1' },
      { value: 'B2', label: 'B Zone 2' },
    ],
    umw: [{ value: 'E1', label: 'E Zone 1' }],
  },
};
const person = (i) => ({
  _id: `u${i}`,
  firstname: `F${String(i).padStart(2, '0')}`,
  lastname: 'Doe',
  fullName: `F${String(i).padStart(2, '0')} Doe`,
  email: `u${i}@x.y`,
  companyCode: 'mpk',
  position: 'engineer',
  department: 'process',
  zones: ['A1'],
  badge: null,
  opNo: null,
});
const people = [manager, ...Array.from({ length: 26 }, (_, i) => person(i + 1))].map((u) => ({
  email: 'paula@x.y',
  zones: [],
  department: 'process',
  fullName: `${u.firstname} ${u.lastname}`,
  ...u,
}));

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderAt(url) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {routes.map((r) => (
          <Route
            key={r.path}
            path={`/main/settings/${r.path}`}
            element={
              <>
                {r.element}
                <Where />
              </>
            }
          />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

// Role queries are slow on a 25-row table in jsdom: read the rows directly.
const rowNames = () => [...document.querySelectorAll('tbody tr.pd-table-row')].map((r) => r.querySelectorAll('td')[1].textContent);

afterEach(() => clearSession());
// findBy* timeout: the form tests run on 2 busy cores.
const SLOW = { timeout: 8000 };

describe('Settings page', () => {
  it('shows the restriction notice to non-managers on both user tabs', async () => {
    setSessionUser({ ...manager, position: 'engineer' });
    const fetch = stubFetch({});
    renderAt('/main/settings/');
    for (const tab of ['Manage Users', 'Add Users', 'Account', 'Notifications']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(screen.getByText(RESTRICTED)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Add Users' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/main/settings/?tab=add'));
    expect(screen.getAllByText(RESTRICTED).length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lists users by full name, 25 a page, and a descending column flips back to ascending', async () => {
    setSessionUser(manager);
    stubFetch({ '/api/users/all': [200, people] });
    renderAt('/main/settings/');
    await screen.findByText('F01 Doe', {}, SLOW);
    expect(rowNames()).toHaveLength(25);
    expect(rowNames().slice(0, 3)).toEqual(['F01 Doe', 'F02 Doe', 'F03 Doe']);
    const header = screen.getByText('Full Name');
    fireEvent.click(header);
    await waitFor(() => expect(rowNames()[0]).toBe('Paula Reyes'));
    expect(screen.getByTestId('where').textContent).toContain('sort=fullName.descend');
    fireEvent.click(header);
    await waitFor(() => expect(rowNames()[0]).toBe('F01 Doe'));
    expect(screen.getByTestId('where').textContent).toContain('sort=fullName.ascend');
  });

  it('searches and filters by position through the URL, and shows badge, language, PIN, kiosk and plant administrator', async () => {
    setSessionUser(manager);
    const crew = [
      ...people.slice(0, 3),
      { ...person(90), fullName: 'Omar Haddad', position: 'operator', badge: '1001', opNo: 'OP1001', lang: 'es', pin: 'locked' },
      { ...person(91), fullName: 'Floor Kiosk', position: 'operator', kiosk: true, pin: 'none' },
    ];
    stubFetch({ '/api/users/all': [200, crew] });
    renderAt('/main/settings/?q=1001');
    await waitFor(() => expect(rowNames()).toEqual(['Omar Haddad']), SLOW);
    const row = document.querySelector('tbody tr.pd-table-row');
    for (const text of ['1001', 'Español', 'Locked']) expect(row.textContent).toContain(text);
    expect(screen.getByText('Plant administrator')).toBeTruthy();
    cleanup();
    renderAt('/main/settings/?position=operator');
    await waitFor(() => expect(rowNames()).toEqual(['Floor Kiosk', 'Omar Haddad']), SLOW);
    expect(document.querySelector('tbody tr.pd-table-row').textContent).toContain('Yes');
  });

  it('deletes selected users after the dialog and shows a refusal', async () => {
    setSessionUser(manager);
    const fetch = stubFetch({
      '/api/users/all': [200, people.slice(0, 3)],
      'POST /api/users/delete': (_p, init) =>
        JSON.parse(init.body).email === 'u2@x.y' ? [400, { email: 'There is no user with this e-mail.' }] : [200, { ok: true }],
    });
    renderAt('/main/settings/');
    await screen.findByText('F01 Doe', {}, SLOW);
    // The signed-in manager's own row cannot be selected.
    expect(screen.getByLabelText('Select Paula Reyes').disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select F01 Doe'));
    fireEvent.click(screen.getByLabelText('Select F02 Doe'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    expect(await screen.findByText('Delete documents?', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Could not delete u2@x.y: There is no user with this e-mail.', {}, SLOW)).toBeTruthy();
    const deletes = fetch.mock.calls.filter(([p]) => p === '/api/users/delete').map(([, i]) => JSON.parse(i.body).email);
    expect(deletes).toEqual(['u1@x.y', 'u2@x.y']);
  });

  it('names a kiosk account among those to delete and waits for the acknowledgement', async () => {
    setSessionUser({ ...manager, plantAdmin: true });
    const netbook = { ...people[1], kiosk: true, fullName: 'Line Netbook', email: 'line@x.y' };
    const fetch = stubFetch({ '/api/users/all': [200, [people[0], netbook]], 'POST /api/users/delete': [200, { ok: true }] });
    renderAt('/main/settings/');
    await screen.findByText('Line Netbook', {}, SLOW);
    fireEvent.click(screen.getByLabelText('Select Line Netbook'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete (1)' }));
    expect((await screen.findByTestId('delete-kiosks', {}, SLOW)).textContent).toContain('Line Netbook (line@x.y)');
    const yes = screen.getByRole('button', { name: 'Yes' });
    expect(yes.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await waitFor(() => expect(yes.disabled).toBe(false));
    fireEvent.click(yes);
    await waitFor(() => expect(fetch.mock.calls.some(([p]) => p === '/api/users/delete')).toBe(true));
  });

  it('shows the kiosk and plant administrator flags to a plant administrator only', async () => {
    const edit = async (who) => {
      setSessionUser(who);
      const fetch = stubFetch({
        '/api/users/all': [200, people.slice(0, 3)],
        '/api/users/options': [200, options],
        'POST /api/users/edit': [200, { changed: true }],
      });
      renderAt('/main/settings/users/u1');
      const last = await screen.findByLabelText('Last Name', {}, SLOW);
      const flag = screen.queryByRole('checkbox', { name: 'Plant administrator' });
      if (flag) fireEvent.click(flag);
      fireEvent.change(last, { target: { value: 'Smith' } });
      const save = screen.getByRole('button', { name: 'Save' });
      await waitFor(() => expect(save.disabled).toBe(false));
      fireEvent.click(save);
      await screen.findByText('The user was saved.', {}, SLOW);
      cleanup();
      return { flag: Boolean(flag), body: JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/users/edit')[1].body) };
    };
    const company = await edit(manager);
    expect(company.flag).toBe(false);
    expect('kiosk' in company.body || 'plantAdmin' in company.body).toBe(false);
    const plant = await edit({ ...manager, plantAdmin: true });
    expect(plant.flag).toBe(true);
    expect(plant.body).toMatchObject({ plantAdmin: true, lastname: 'Smith' });
  });

  it('adds a user: field errors under the fields, then the temporary password once', async () => {
    setSessionUser(manager);
    let calls = 0;
    stubFetch({
      '/api/users/options': [200, options],
      'POST /api/users/register': () =>
        ++calls === 1
          ? [400, { email: 'Please enter a valid e-mail address.', zones: 'Pick one.' }]
          : [200, { user: { ...person(40), fullName: 'Nora Quinn', email: 'n@x.y' }, tempPassword: 'abcDEF234567ghjk' }],
    });
    renderAt('/main/settings/?tab=add');
    fireEvent.change(await screen.findByLabelText('First Name', {}, SLOW), { target: { value: 'Nora' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Please enter a valid e-mail address.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Pick one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect((await screen.findByTestId('temp-password', {}, SLOW)).textContent).toContain('abcDEF234567ghjk');
    expect(screen.getByText('User added')).toBeTruthy();
  });

  it('adds a badge-only operator: no password shown, and the list says Badge only', async () => {
    setSessionUser(manager);
    const olga = { ...person(41), fullName: 'Olga Nowak', email: 'x1@badge-only.invalid', badgeOnly: true, position: 'operator' };
    stubFetch({
      '/api/users/options': [200, options],
      'POST /api/users/register': [200, { user: olga, tempPassword: null }],
      '/api/users/all': [200, [manager, olga]],
    });
    renderAt('/main/settings/?tab=add');
    fireEvent.change(await screen.findByLabelText('First Name', {}, SLOW), { target: { value: 'Olga' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Olga Nowak signs at the kiosk with their badge; they have no e-mail and no password.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('temp-password')).toBeNull();
    cleanup();
    renderAt('/main/settings/');
    await screen.findByText('Olga Nowak', {}, SLOW);
    expect(screen.getByText('Badge only')).toBeTruthy();
    expect(screen.queryByText('x1@badge-only.invalid')).toBeNull();
  });

  it('edits: Save only after a change, then the success page and back to Settings', async () => {
    setSessionUser(manager);
    const fetch = stubFetch({
      '/api/users/all': [200, people.slice(0, 3)],
      '/api/users/options': [200, options],
      'POST /api/users/edit': [200, { changed: true }],
    });
    renderAt('/main/settings/users/u1');
    const last = await screen.findByLabelText('Last Name', {}, SLOW);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    fireEvent.change(last, { target: { value: 'Smith' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.change(last, { target: { value: 'Doe' } });
    await waitFor(() => expect(save.disabled).toBe(true));
    fireEvent.change(last, { target: { value: 'Smith' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText('The user was saved.', {}, SLOW)).toBeTruthy();
    const body = JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/users/edit')[1].body);
    expect(body).toMatchObject({ originalEmail: 'u1@x.y', lastname: 'Smith', firstname: 'F01', zones: ['A1'] });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Settings' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/main/settings'));
  });

  it('edits an e-mail: the success page says it waits for the owner; the company is locked', async () => {
    setSessionUser(manager);
    stubFetch({
      '/api/users/all': [200, people.slice(0, 3)],
      '/api/users/options': [200, options],
      'POST /api/users/edit': [200, { changed: true, emailPending: 'new@x.y' }],
    });
    renderAt('/main/settings/users/u1');
    const email = await screen.findByLabelText('Email', {}, SLOW);
    expect(screen.getByLabelText('Company').closest('.ant-select').className).toContain('ant-select-disabled');
    fireEvent.change(email, { target: { value: 'new@x.y' } });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    expect(await screen.findByText(pendingText('new@x.y'), {}, SLOW)).toBeTruthy();
  });

  it('Modules (plant administrators, a link beside the tabs): switches a module and explains a refusal', async () => {
    setSessionUser({ ...manager, plantAdmin: true });
    const mods = {
      release: '2.0',
      modules: [
        { id: 'swp', name: 'SWPs', release: '1.0', enabled: true, dependencies: [], switch: null },
        { id: 'signoff', name: 'Sign Off', release: '1.0', enabled: true, dependencies: ['swp'], switch: null },
        {
          id: 'kanban',
          name: 'Kanban',
          release: '2.0',
          enabled: false,
          dependencies: [],
          switch: { enabled: false, changedAt: 1767225600000, changedBy: 'Paula Reyes' },
        },
        { id: 'users', name: 'Settings', release: '1.0', enabled: true, dependencies: [], switch: null },
      ],
    };
    const fetch = stubFetch({
      '/api/modules': [200, mods],
      'POST /api/modules/switch': (_p, init) =>
        JSON.parse(init.body).id === 'swp' ? [400, { enabled: 'Sign Off needs SWPs: disable it first.' }] : [200, { enabled: true }],
    });
    renderAt('/main/settings/');
    fireEvent.click(screen.getByRole('link', { name: 'Modules' }));
    expect(await screen.findByText(`Paula Reyes, ${formatDate(1767225600000)}`, {}, SLOW)).toBeTruthy();
    expect(screen.getByText('On (this page)')).toBeTruthy();
    expect(screen.queryByLabelText('Settings enabled')).toBeNull();
    fireEvent.click(screen.getByLabelText('SWPs enabled'));
    expect(await screen.findByText('Sign Off needs SWPs: disable it first.', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Kanban enabled'));
    expect(await screen.findByText('The sidebar shows the change at the next page load.', {}, SLOW)).toBeTruthy();
    const posts = fetch.mock.calls.filter(([p]) => p === '/api/modules/switch').map(([, i]) => JSON.parse(i.body));
    expect(posts).toEqual([
      { id: 'swp', enabled: false },
      { id: 'kanban', enabled: true },
    ]);
  });

  it('offers a company manager no Modules link, and the page refuses them (plant administrators only)', () => {
    setSessionUser(manager);
    const fetch = stubFetch({ '/api/users/all': [200, []] });
    renderAt('/main/settings/');
    expect(screen.queryByRole('link', { name: 'Modules' })).toBeNull();
    renderAt('/main/settings/modules');
    expect(screen.getAllByText(RESTRICTED).length).toBeGreaterThan(0);
    expect(fetch.mock.calls.filter(([p]) => p === '/api/modules')).toEqual([]);
  });

  it('offers no Modules link to non-managers, and the page refuses them', () => {
    setSessionUser({ ...manager, position: 'supervisor' });
    const fetch = stubFetch({});
    renderAt('/main/settings/');
    expect(screen.queryByRole('link', { name: 'Modules' })).toBeNull();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Manage Users', 'Add Users', 'Account', 'Notifications']);
    renderAt('/main/settings/modules');
    expect(screen.getAllByText(RESTRICTED).length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});
