import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { AppRoutes, loadAllAreas } from '../src/AppRoutes';
import { createRuntimeLoader, validateModule } from '../src/modules/registry';
import { fakeLoader, manager, modulesR1, modulesR2, operator, renderWithQuery, stubFetch, withModules } from './fixtures';

function Where() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}

/** The whole route tree, as the host's App mounts it. */
function renderApp(path, { loader = fakeLoader(), body = modulesR1, user = manager } = {}) {
  setSessionUser(user);
  stubFetch({ '/api/modules': [200, body] });
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <ModulesProvider loader={loader}>
        <AppRoutes />
        <Where />
      </ModulesProvider>
    </MemoryRouter>,
  );
}

// The areas are lazy chunks in the app: load them once so the routes render at once.
beforeAll(() => loadAllAreas());

const renderConsole = (path, loader = fakeLoader(), body = modulesR1) => renderApp(path, { loader, body });
const where = () => screen.getByTestId('where').textContent;

describe('console routes', () => {
  it('mounts an enabled module remote under its route, with the page title', async () => {
    renderConsole('/main/swps');
    expect(await screen.findByText('SWPs page')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('SWPs');
  });

  it('sends /main to the home: the enabled console module with the lowest home', async () => {
    renderConsole('/main');
    expect(await screen.findByText('SWPs page')).toBeTruthy();
    expect(where()).toBe('/main/swps');
  });

  it('redirects the route of a disabled home module (an old bookmark) to the home', async () => {
    renderConsole('/main/dashboard');
    expect(await screen.findByText('SWPs page')).toBeTruthy();
    expect(where()).toBe('/main/swps');
  });

  it('takes the home from the module list: with every module on, the lowest home wins', async () => {
    renderConsole('/main', fakeLoader(), modulesR2);
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(where()).toBe('/main/dashboard');
  });

  it('leaves out a disabled module whose manifest says hide', async () => {
    renderConsole('/main/settings', fakeLoader(), withModules(modulesR1, { users: { whenDisabled: 'hide' } }));
    expect(await screen.findByText("The page you are looking for can't be found.")).toBeTruthy();
    expect(screen.queryByText('Settings')).toBeNull();
  });

  it('shows the not-found page for unknown paths', async () => {
    renderConsole('/main/nowhere');
    expect(await screen.findByText("The page you are looking for can't be found.")).toBeTruthy();
  });

  it('shows a failed remote inside its page; the console keeps working', async () => {
    renderConsole('/main/alerts', fakeLoader({ failing: ['alerts'] }));
    expect(await screen.findByText('The Alerts module could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SWPs' })).toBeTruthy();
    screen.getByRole('link', { name: 'SWPs' }).click();
    expect(await screen.findByText('SWPs page')).toBeTruthy();
  });

  it('shows the coming-soon page for a newer-release module', async () => {
    renderConsole('/main/training');
    expect(await screen.findByText('Coming Soon', { selector: '.ant-result-title' })).toBeTruthy();
    expect(document.querySelector('.ant-result-extra').textContent).toBe('Release 2.0');
  });

  it('bell tooltip text is the spec text', async () => {
    renderConsole('/main/swps');
    await screen.findByText('SWPs page');
    const { BELL_TOOLTIP } = await import('../src/console/TopBar');
    expect(BELL_TOOLTIP).toBe('Alerts • No alters');
  });
});

describe('kiosk frame', () => {
  it("mounts the kiosk module's remote at its route, inside the kiosk frame", async () => {
    renderApp('/island', { user: operator });
    expect(await screen.findByText('Island page')).toBeTruthy();
    expect(screen.getByText('Plantdoc Island')).toBeTruthy();
    expect(screen.getByTestId('kiosk-zone').textContent).toBe('Zone: Not Set');
  });

  it('follows the route the module list gives', async () => {
    renderApp('/floor', { user: operator, body: withModules(modulesR1, { island: { route: '/floor', name: 'Floor' } }) });
    expect(await screen.findByText('Floor page')).toBeTruthy();
    expect(screen.getByText('Plantdoc Floor')).toBeTruthy();
  });

  it('shows its not-available notice when the package leaves the kiosk out', async () => {
    renderApp('/island', { user: operator, body: withModules(modulesR1, { island: { enabled: false } }) });
    expect(await screen.findByText('The kiosk is not available in this package.')).toBeTruthy();
  });

  it('sends a signed-out visitor of a module path to /login, query kept', async () => {
    setSessionUser(null);
    stubFetch({});
    renderWithQuery(
      <MemoryRouter initialEntries={['/island?zone=A1']}>
        <ModulesProvider loader={fakeLoader()}>
          <AppRoutes />
          <LocationWithQuery />
        </ModulesProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('where-q').textContent).toBe('/login?zone=A1'));
  });
});

function LocationWithQuery() {
  const { pathname, search } = useLocation();
  return <div data-testid="where-q">{pathname + search}</div>;
}

describe('module loader', () => {
  it('registers enabled remotes once and loads plantdoc_<id>/Module', async () => {
    const calls = { registered: [], loaded: [] };
    const runtime = {
      registerRemotes: (r) => calls.registered.push(...r),
      loadRemote: async (id) => {
        calls.loaded.push(id);
        return { default: { id: 'swp', routes: [{ path: '', element: <div /> }] } };
      },
    };
    const loader = createRuntimeLoader(runtime);
    loader.register(modulesR1.modules);
    loader.register(modulesR1.modules);
    expect(calls.registered.map((r) => r.name).sort()).toEqual(['plantdoc_alerts', 'plantdoc_island', 'plantdoc_signoff', 'plantdoc_swp']);
    expect(calls.registered.find((r) => r.name === 'plantdoc_swp').entry).toBe('/remotes/swp/remoteEntry.js');
    const swp = modulesR1.modules.find((m) => m.id === 'swp');
    await loader.load(swp);
    await loader.load(swp);
    expect(calls.loaded).toEqual(['plantdoc_swp/Module']);
  });

  it('refuses a remote without routes', () => {
    expect(() => validateModule({ id: 'x', name: 'X' }, { default: {} })).toThrow(/exports no routes/);
    expect(() => validateModule({ id: 'x', name: 'X' }, null)).toThrow();
  });
});
