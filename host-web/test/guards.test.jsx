import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { RedirectSignedIn, RequireAuth, RequireConsole } from '../src/session/guards';
import { manager, operator } from './fixtures';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderAt(path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/main/*" element={<RequireConsole><div>console</div></RequireConsole>} />
        <Route path="/island/*" element={<RequireAuth><div>island</div></RequireAuth>} />
        <Route path="/login" element={<RedirectSignedIn><div>login form</div></RedirectSignedIn>} />
        <Route path="*" element={<div>elsewhere</div>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('guards', () => {
  it('sends a signed-out user from the console to /login, query kept', () => {
    setSessionUser(null);
    renderAt('/main/swps?zone=A1');
    expect(screen.getByTestId('where').textContent).toBe('/login?zone=A1');
  });

  it('sends an operator from the console to /island', () => {
    setSessionUser(operator);
    renderAt('/main/swps');
    expect(screen.getByText('island')).toBeTruthy();
  });

  it('lets a signed-in non-operator into the console', () => {
    setSessionUser(manager);
    renderAt('/main/swps');
    expect(screen.getByText('console')).toBeTruthy();
  });

  it('needs sign-in for the island', () => {
    setSessionUser(null);
    renderAt('/island');
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('sends a signed-in user away from the login page', () => {
    setSessionUser(manager);
    renderAt('/login');
    expect(screen.getByTestId('where').textContent).toBe('/main/dashboard');
    setSessionUser(operator);
    cleanup();
    renderAt('/login');
    expect(screen.getByText('island')).toBeTruthy();
  });

  it('shows the login form when signed out', () => {
    setSessionUser(null);
    renderAt('/login');
    expect(screen.getByText('login form')).toBeTruthy();
  });
});
