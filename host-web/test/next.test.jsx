// A deep link opened while signed out returns there after sign-in (decision 60):
// remembered by the guard, used once by the login page's redirect, only when it is a
// same-origin path of the user's area (never an open redirect).
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { RequireAuth, RequireConsole } from '../src/session/guards';
import { rememberNext } from '../src/session/next';
import { ReturnSignedIn, peekNext, safeNext } from '../src/login/returnTo';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { fakeLoader, manager, modulesR1, operator, renderWithQuery, stubFetch } from './fixtures';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderAt(path) {
  stubFetch({ '/api/modules': [200, modulesR1] });
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
            path="/login"
            element={
              <ReturnSignedIn>
                <div>login form</div>
              </ReturnSignedIn>
            }
          />
        </Routes>
        <Where />
      </ModulesProvider>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('return after sign-in', () => {
  it('a console deep link: /login with the query kept, then back there after sign-in, once', async () => {
    setSessionUser(null);
    renderAt('/main/swps?tab=all-approved&page=2&sort=partNumber&order=asc');
    await waitFor(() => expect(where()).toBe('/login?tab=all-approved&page=2&sort=partNumber&order=asc'));
    expect(screen.getByText('login form')).toBeTruthy();
    act(() => setSessionUser(manager));
    await waitFor(() => expect(where()).toBe('/main/swps?tab=all-approved&page=2&sort=partNumber&order=asc'));
    expect(peekNext()).toBeNull();
  });

  it("an operator's remembered console address is not theirs: the kiosk instead", async () => {
    setSessionUser(null);
    renderAt('/main/alerts?tab=browse');
    act(() => setSessionUser(operator));
    expect(await screen.findByText('island')).toBeTruthy();
    expect(where()).toBe('/island');
  });

  it('a kiosk deep link returns the kiosk account there', async () => {
    setSessionUser(null);
    renderAt('/island/reference?part=p1&doc=video');
    await waitFor(() => expect(where()).toBe('/login?part=p1&doc=video'));
    act(() => setSessionUser(operator));
    await waitFor(() => expect(where()).toBe('/island/reference?part=p1&doc=video'));
  });

  it('never another origin, a login page or a path outside the area', () => {
    const staff = { isOperator: false, kioskRoute: '/island' };
    const kiosk = { isOperator: true, kioskRoute: '/island' };
    for (const bad of [
      '//evil.example/main',
      '/\\evil.example',
      'https://evil.example/main',
      'javascript:alert(1)',
      '/main\u0000x',
      '/main\nx',
      '',
      null,
      'main/swps',
      '/login?next=/main',
      '/login/reset/x',
      '/mainly',
      '/',
      '/api/users/me',
    ]) {
      expect(safeNext(bad, staff), String(bad)).toBeNull();
    }
    expect(safeNext('/main/swps?tab=browse#x', staff)).toBe('/main/swps?tab=browse#x');
    expect(safeNext('/main', staff)).toBe('/main');
    expect(safeNext('/island/settings', staff)).toBe('/island/settings');
    expect(safeNext('/main/../island', kiosk)).toBe('/island');
    expect(safeNext('/main/swps', kiosk)).toBeNull();
    expect(safeNext('/island/operator-status?part=1', kiosk)).toBe('/island/operator-status?part=1');
    expect(safeNext('/islandx', kiosk)).toBeNull();
  });

  it('login and start pages are not remembered', () => {
    rememberNext({ pathname: '/login/forgot', search: '' });
    rememberNext({ pathname: '/', search: '?zone=A1' });
    expect(peekNext()).toBeNull();
    rememberNext({ pathname: '/main/training', search: '?shift=1' });
    expect(peekNext()).toBe('/main/training?shift=1');
  });
});
