// Settings in Spanish (decision 77): Manage Users, Add Users, Account, Notifications, the edit
// screen, the success page and Modules show no English text of this module.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearSession, setLanguage, setSessionUser, translate } from '@plantdoc/kit';
import { usedKeys } from '../../../web-tests/i18n-keys.mjs';
import '../src/index';
import { routes } from '../src/routes';
import { renderWithQuery as render, stubFetch } from './helpers';

const asWords = (key) => new RegExp(`(?<!\\p{L})${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
/** The module's English keys (4+ letters, no placeholder) whose Spanish differs, found as words in `text`. */
const englishIn = (text) =>
  [...usedKeys().get('users').keys()].filter(
    (key) => /[A-Za-z]{4}/.test(key) && !key.includes('{{') && translate('users', key) !== key && asWords(key).test(text),
  );

const manager = {
  _id: 'm1',
  firstname: 'Paula',
  lastname: 'Reyes',
  fullName: 'Paula Reyes',
  email: 'p@x.y',
  position: 'manager',
  department: 'process',
  companyCode: 'mpk',
  zones: [],
  plantAdmin: true,
};
const olga = {
  _id: 'u2',
  firstname: 'Olga',
  lastname: 'Nowak',
  fullName: 'Olga Nowak',
  email: 'o@x.y',
  companyCode: 'mpk',
  position: 'operator',
  department: 'paint',
  zones: ['A1'],
  badge: null,
  opNo: '7',
};
const api = {
  '/api/users/all': [200, [manager, olga]],
  '/api/users/options': [
    200,
    { companies: ['mpk'], positions: ['manager', 'operator'], departments: ['process', 'paint'], zones: { mpk: [{ value: 'A1', label: 'A Zone 1' }] } },
  ],
  '/api/notifications/preferences': [200, { preferences: [{ kind: 'swp.deployed', label: 'SWP', module: 'swp', channel: 'bell', default: 'bell' }] }],
  '/api/modules': [200, { release: '2.0', modules: [{ id: 'kanban', name: 'Kanban', release: '2.0', enabled: false, dependencies: ['swp'], switch: null }] }],
};

const renderAt = (url) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={`/main/settings/${r.path}`} element={r.element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );

afterEach(async () => {
  clearSession();
  await act(() => setLanguage('en'));
});

const SLOW = { timeout: 8000 };

describe('Settings in Spanish', () => {
  it.each([
    ['/main/settings/', 'Olga Nowak'],
    ['/main/settings/?tab=add', 'Número de operador'],
    ['/main/settings/?tab=account', 'PIN de firma'],
    ['/main/settings/?tab=notifications', 'Avisarme por'],
    ['/main/settings/users/u2', 'Editar usuario: Olga Nowak'],
    ['/main/settings/done?what=deleted', 'El usuario se eliminó.'],
    ['/main/settings/modules', 'Configuración del sistema'],
  ])('%s', async (url, shown) => {
    await act(() => setLanguage('es'));
    setSessionUser(manager);
    stubFetch(api);
    const { container } = renderAt(url);
    expect((await screen.findAllByText(shown, {}, SLOW)).length).toBeGreaterThan(0);
    expect(englishIn(container.textContent)).toEqual([]);
  });

  it('shows departments and positions in Spanish in the list and the form', async () => {
    await act(() => setLanguage('es'));
    setSessionUser(manager);
    stubFetch(api);
    renderAt('/main/settings/');
    expect(await screen.findByText('operador', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('pintura')).toBeTruthy();
  });

  it("shows the form's zones in Spanish", async () => {
    await act(() => setLanguage('es'));
    setSessionUser(manager);
    stubFetch(api);
    renderAt('/main/settings/?tab=add');
    expect(await screen.findByRole('checkbox', { name: 'Zona A 1' }, SLOW)).toBeTruthy();
    expect(screen.queryByText('A Zone 1')).toBeNull();
  });
});
