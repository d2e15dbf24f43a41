// The shell in Spanish (decision 78): the sign-in pages, the landing page and the console
// frame (sidebar groups and labels from the manifests, top bar, bell, coming-soon and
// not-found pages) show no English text of the host's keys; the module names come from
// the manifests' `nameLabels` / `sidebar.labels`.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setLanguage, setSessionUser } from '@plantdoc/kit';
import { ROOT, translations, usedKeys } from '../../web-tests/i18n-keys.mjs';
import '../src/language';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { AppRoutes, loadAllAreas } from '../src/AppRoutes';
import { manager, modulesR1, renderWithQuery, stubFetch } from './fixtures';

// The English keys a Spanish page must not show: translated differently, 4+ letters.
const es = translations('host', 'es');
const ENGLISH = [...usedKeys().get('host').keys()].filter((k) => !k.includes('{{') && es[k] && es[k] !== k && (k.match(/\p{L}/gu) || []).length >= 4);
// A key as a whole phrase ('Part' is not in 'Parte').
const escape = (k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishIn = (text) => ENGLISH.filter((k) => new RegExp(`(?<!\\p{L})${escape(k)}(?!\\p{L})`, 'u').test(text));

// The module list with each module's labels as its manifest (plugins/<id>/module.json) gives them.
const manifest = (id) => JSON.parse(fs.readFileSync(path.join(ROOT, 'plugins', id, 'module.json'), 'utf8'));
const modules = {
  ...modulesR1,
  modules: modulesR1.modules.map((m) => {
    const man = manifest(m.id);
    return { ...m, nameLabels: man.nameLabels, sidebar: m.sidebar && { ...m.sidebar, labels: man.sidebar.labels } };
  }),
};
const loader = {
  register() {},
  load: (m) => Promise.resolve({ id: m.id, routes: [{ path: '', element: <div data-testid="remote">{m.id}</div> }] }),
};

function renderAt(path, user) {
  setSessionUser(user);
  stubFetch({
    '/api/modules': [200, modules],
    '/api/notifications': [200, { items: [], total: 0, unread: 0 }],
    '/api/users/current': [401, { error: 'Not signed in.' }],
  });
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <ModulesProvider loader={loader}>
        <AppRoutes />
      </ModulesProvider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await loadAllAreas();
  expect(ENGLISH.length).toBeGreaterThan(30);
});

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('the shell in Spanish', () => {
  it('signs in, asks for a reset link and greets on the landing page in Spanish', async () => {
    await act(() => setLanguage('es'));
    const { unmount } = renderAt('/login', null);
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByText('¿Olvidó su contraseña?')).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
    unmount();
    const forgot = renderAt('/login/forgot', null);
    expect(await screen.findByRole('button', { name: 'Enviar enlace' })).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
    forgot.unmount();
    renderAt('/', null);
    expect(await screen.findByText('Versión alfa')).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
  });

  it('shows the console frame, its module names and pages in Spanish', async () => {
    await act(() => setLanguage('es'));
    renderAt('/main/training', manager);
    expect(await screen.findByText('Capacitación estará disponible en la versión 2.0.')).toBeTruthy();
    for (const group of ['Control de documentos', 'Producción', 'Ingeniería']) expect(screen.getByText(group)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alertas' }).getAttribute('href')).toBe('/main/alerts');
    expect(screen.getByTestId('page-title').textContent).toBe('Capacitación');
    fireEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    expect(await screen.findByText('Sin notificaciones')).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
  }, 120_000);

  it('says a page is not found in Spanish', async () => {
    await act(() => setLanguage('es'));
    renderAt('/main/nowhere', manager);
    expect(await screen.findByText('No se encuentra la página que busca.')).toBeTruthy();
    expect(englishIn(document.body.textContent)).toEqual([]);
  });

  it('goes back to English, the manifests English names with it', async () => {
    renderAt('/main/alerts', manager);
    expect(await screen.findByTestId('remote')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Alerts');
    await act(() => setLanguage('es'));
    expect(screen.getByTestId('page-title').textContent).toBe('Alertas');
    await act(() => setLanguage('en'));
    expect(screen.getByRole('link', { name: 'SWPs' })).toBeTruthy();
  }, 120_000);
});
