import { describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { logout, setSessionUser } from '@plantdoc/kit';
import { NEXT_KEY } from '../src/session/next';
import { RedirectSignedIn, RequireAuth, RequireConsole } from '../src/session/guards';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { fakeLoader, manager, modulesR1, modulesR2, operator, renderWithQuery, stubFetch, withModules } from './fixtures';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderAt(path, modules = modulesR1) {
  stubFetch({ '/api/modules': [200, modules] });
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <ModulesProvider loader={fakeLoader()}>
        <Routes>
          <Route
            path="/main/*"
            element={
              <RequireConsole>
                <div>console</div>
              </RequireConsole>
            }
          />
          <Route
            path="/island/*"
            element={
              <RequireAuth>
                <div>island</div>
              </RequireAuth>
            }
          />
          <Route
            path="/floor/*"
            element={
              <RequireAuth>
                <div>floor kiosk</div>
              </RequireAuth>
            }
          />
          <Route
            path="/login"
            element={
              <RedirectSignedIn>
                <div>login form</div>
              </RedirectSignedIn>
            }
          />
          <Route path="*" element={<div>elsewhere</div>} />
        </Routes>
        <Where />
      </ModulesProvider>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('guards', () => {
  it('sends a signed-out user from the console to /login, query kept', async () => {
    setSessionUser(null);
    renderAt('/main/swps?zone=A1');
    await waitFor(() => expect(where()).toBe('/login?zone=A1'));
  });

  it('sends an operator from the console to the kiosk route, once the module list says it', async () => {
    setSessionUser(operator);
    renderAt('/main/swps');
    expect(await screen.findByText('island')).toBeTruthy();
    expect(where()).toBe('/island');
  });

  it('takes the kiosk route from the module list', async () => {
    setSessionUser(operator);
    renderAt('/main/swps', withModules(modulesR1, { island: { route: '/floor' } }));
    expect(await screen.findByText('floor kiosk')).toBeTruthy();
  });

  it('lets a signed-in non-operator into the console', () => {
    setSessionUser(manager);
    renderAt('/main/swps');
    expect(screen.getByText('console')).toBeTruthy();
  });

  it('needs sign-in for the island', async () => {
    setSessionUser(null);
    renderAt('/island');
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it("sends a signed-in user away from the login page: staff to the console's home, operators to the kiosk", async () => {
    setSessionUser(manager);
    renderAt('/login');
    // Release 1.0: the lower home (1) is disabled, so the home is the next one.
    await waitFor(() => expect(where()).toBe('/main/swps'));
    cleanup();
    setSessionUser(operator);
    renderAt('/login');
    expect(await screen.findByText('island')).toBeTruthy();
  });

  it('takes the enabled module with the lowest home as the console home', async () => {
    setSessionUser(manager);
    renderAt('/login', modulesR2);
    await waitFor(() => expect(where()).toBe('/main/dashboard'));
  });

  it("after Logout sends the tab to plain /login: the page's query is not kept, nor the page remembered", async () => {
    setSessionUser(manager);
    sessionStorage.removeItem(NEXT_KEY);
    renderAt('/main/settings?tab=add');
    expect(screen.getByText('console')).toBeTruthy();
    stubFetch({ '/api/users/logout': [200, {}], '/api/modules': [200, modulesR1] });
    await act(() => logout());
    await waitFor(() => expect(where()).toBe('/login'));
    expect(sessionStorage.getItem(NEXT_KEY)).toBe(null);
    // The next sign-in ends the leaving: signed out any other way then (an expired
    // session), the query and the page are kept.
    cleanup();
    setSessionUser(manager);
    setSessionUser(null);
    renderAt('/main/settings?tab=add');
    await waitFor(() => expect(where()).toBe('/login?tab=add'));
    expect(sessionStorage.getItem(NEXT_KEY)).toBe('/main/settings?tab=add');
  });

  it('shows the login form when signed out', () => {
    setSessionUser(null);
    renderAt('/login');
    expect(screen.getByText('login form')).toBeTruthy();
  });
});
