import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { api, getKioskSettings, getSession, setSessionUser } from '@plantdoc/kit';
import { LoginArea } from '../src/login/LoginArea';
import { SessionGate } from '../src/session/SessionGate';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { unregisterServiceWorkers } from '../src/serviceWorker';
import { fakeLoader, manager, modulesR1, operator, renderWithQuery, stubFetch } from './fixtures';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderLogin(path) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <ModulesProvider loader={fakeLoader()}>
        <Routes>
          <Route path="/login/*" element={<LoginArea />} />
          <Route path="*" element={<div>elsewhere</div>} />
        </Routes>
        <Where />
      </ModulesProvider>
    </MemoryRouter>,
  );
}

const type = (label, value) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login page with single sign-on', () => {
  it("shows 'Sign in with {label}' above the form, and only the button when password sign-in is off", async () => {
    setSessionUser(null);
    stubFetch({});
    window.__plantdocSignIn = { sso: 'Acme ID', password: true };
    const { unmount } = renderLogin('/login');
    const button = screen.getByRole('link', { name: 'Sign in with Acme ID' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/login');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    unmount();
    window.__plantdocSignIn = { sso: 'Acme ID', password: false };
    const off = renderLogin('/login');
    expect(screen.getByRole('link', { name: 'Sign in with Acme ID' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    off.unmount();
    // The break-glass page keeps the form.
    renderLogin('/login?local');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    window.__plantdocSignIn = undefined;
  });
});

describe('login page', () => {
  it('shows server field errors under the fields', async () => {
    setSessionUser(null);
    stubFetch({ 'POST /api/users/login': [400, { email: 'E-mail is required.', password: 'Password is required.' }] });
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('E-mail is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
  });

  it('signs in and goes to the console', async () => {
    setSessionUser(null);
    stubFetch({ 'POST /api/users/login': [200, manager], '/api/modules': [200, modulesR1] });
    renderLogin('/login');
    type('Email', 'manager.process@demo.plant');
    type('Password', 'Demo-Plant-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/main/swps'));
    expect(getSession().isAuthenticated).toBe(true);
  });

  it('signs an operator in and goes to the kiosk route the module list names', async () => {
    setSessionUser(null);
    const fetch = stubFetch({ 'POST /api/users/login': [200, operator], '/api/modules': [200, modulesR1] });
    renderLogin('/login?zone=A1');
    type('Email', 'kiosk@demo.plant');
    type('Password', 'Demo-Plant-2026');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/island'));
    // The list is asked for only once signed in.
    const calls = fetch.mock.calls.map(([p]) => p);
    expect(calls.indexOf('/api/modules')).toBeGreaterThan(calls.indexOf('/api/users/login'));
  });

  it('switches to the new-password form on CHANGE_PASSWORD and sends the temporary password', async () => {
    setSessionUser(null);
    const fetch = stubFetch({
      'POST /api/users/login': [403, { status: 'CHANGE_PASSWORD' }],
      'POST /api/users/setPassword': [200, manager],
      '/api/modules': [200, modulesR1],
    });
    renderLogin('/login');
    type('Email', 't@demo.plant');
    type('Password', 'Temp-Pass-12345');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Please create a new password')).toBeTruthy();
    type('New Password', 'Brand-New-Pass-1');
    type('Confirm Password', 'Brand-New-Pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/main/));
    const body = JSON.parse(fetch.mock.calls.find((c) => c[0] === '/api/users/setPassword')[1].body);
    expect(body).toEqual({ email: 't@demo.plant', password: 'Brand-New-Pass-1', password2: 'Brand-New-Pass-1', tempPassword: 'Temp-Pass-12345' });
  });

  it('stores a recognised zone query in the kiosk settings, access not allowed', () => {
    setSessionUser(null);
    renderLogin('/login?zone=shipping');
    expect(getKioskSettings()).toMatchObject({ zone: 'shipping', allowAccess: false });
  });

  it('sends other login paths to /login/', async () => {
    renderLogin('/login/whatever');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login/'));
  });

  it('says so for an invalid reset token', async () => {
    stubFetch({ '/api/users/resetPassword/bad': [400, { token: 'Invalid or expired token.' }] });
    renderLogin('/login/reset/bad');
    expect(await screen.findByTestId('reset-checking')).toBeTruthy(); // the reset form loads on demand (antd)
    expect(await screen.findByText('Invalid or expired token.')).toBeTruthy();
  });

  it('resets with a valid token', async () => {
    stubFetch({
      'GET /api/users/resetPassword/good': [200, { valid: true }],
      'POST /api/users/resetPassword/good': [200, {}],
    });
    renderLogin('/login/reset/good');
    expect(await screen.findByText('Enter your new password')).toBeTruthy();
    type('New Password', 'Another-Pass-77');
    type('Confirm Password', 'Another-Pass-77');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks! Your password was successfully changed.')).toBeTruthy();
  });

  it('confirms a new e-mail with the password; a wrong one shows under the field', async () => {
    let posts = 0;
    stubFetch({
      'GET /api/users/confirmEmail/tok': [200, { valid: true, email: 'new@x.y' }],
      'POST /api/users/confirmEmail/tok': () =>
        ++posts === 1
          ? [400, { password: 'Incorrect password.' }]
          : [200, { message: 'Your e-mail is now new@x.y. Please sign in with it.', email: 'new@x.y' }],
    });
    renderLogin('/login/email/tok');
    expect(await screen.findByText('new@x.y')).toBeTruthy();
    type('Password', 'Wrong-Guess-1');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Incorrect password.')).toBeTruthy();
    type('Password', 'Right-Pass-77');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your e-mail is now new@x.y. Please sign in with it.')).toBeTruthy();
    stubFetch({ '/api/users/confirmEmail/old': [400, { token: 'Invalid or expired link.' }] });
    renderLogin('/login/email/old');
    expect(await screen.findByText('Invalid or expired link.')).toBeTruthy();
  });
});

describe('session gate', () => {
  it('re-checks the session on any 401 and goes to /login with the query kept', async () => {
    setSessionUser(manager);
    let signedIn = true;
    stubFetch({
      '/api/users/current': () => (signedIn ? [200, manager] : [401, { error: 'Please sign in.' }]),
      '/api/swps/x': [401, { error: 'Please sign in.' }],
    });
    window.history.replaceState(null, '', '/main/swps?zone=A1');
    render(
      <MemoryRouter initialEntries={['/main/swps?zone=A1']}>
        <SessionGate>
          <Routes>
            <Route path="*" element={<div>app</div>} />
          </Routes>
          <Where />
        </SessionGate>
      </MemoryRouter>,
    );
    expect(await screen.findByText('app')).toBeTruthy();
    signedIn = false;
    await api.get('/api/swps/x').catch(() => {});
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login?zone=A1'));
    expect(getSession().isAuthenticated).toBe(false);
  });
});

describe('service worker', () => {
  it('unregisters every registration on load', async () => {
    const unregister = vi.fn(async () => true);
    const nav = { serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] } };
    expect(await unregisterServiceWorkers(nav)).toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(await unregisterServiceWorkers({})).toBe(0);
  });
  it("spares the kiosk's own worker (/kiosk-sw.js, scoped to the kiosk's route) and removes any other", async () => {
    const mine = vi.fn(async () => true);
    const other = vi.fn(async () => true);
    const reg = (scope, script, unregister) => ({ scope, active: { scriptURL: script }, unregister });
    const regs = [
      reg('http://x/island', 'http://x/kiosk-sw.js?remote=island', mine),
      reg('http://x/island', 'http://x/old-sw.js', other),
      reg('http://x/', 'http://x/kiosk-sw.js?remote=island', other),
    ];
    expect(await unregisterServiceWorkers({ serviceWorker: { getRegistrations: async () => regs } })).toBe(2);
    expect(mine).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(2);
  });
});
