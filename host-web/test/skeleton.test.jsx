// The sign-in form boot.js paints before React (src/login/skeleton.js) is a copy of the
// React form: same elements, classes and texts, so the same place and size (no layout
// shift when React takes over); what was typed into it and its focus carry over.
import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { LoginArea } from '../src/login/LoginArea';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { SKELETON_HTML, paintSkeleton, paintsSkeleton, skeletonState } from '../src/login/skeleton';
import { fakeLoader, manager, renderWithQuery, stubFetch } from './fixtures';

/** An element tree as tag.class and texts (ids, values and inline styles aside). */
function shape(el) {
  const kids = [...el.childNodes].map((n) => (n.nodeType === 3 ? n.textContent.trim() : n.nodeType === 1 ? shape(n) : '')).filter(Boolean);
  const attrs = ['role', 'aria-label', 'type', 'for', 'href', 'autocomplete']
    .filter((a) => el.hasAttribute(a))
    .map((a) => `${a}=${el.getAttribute(a).replace(/^(boot|login)_/, '')}`);
  return `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}[${attrs.join(',')}](${kids.join(' ')})`;
}

const renderLogin = () =>
  renderWithQuery(
    <MemoryRouter initialEntries={['/login']}>
      <ModulesProvider loader={fakeLoader()}>
        <Routes>
          <Route path="/login/*" element={<LoginArea />} />
        </Routes>
      </ModulesProvider>
    </MemoryRouter>,
  );

describe('the sign-in form painted before React', () => {
  it('is the React form, element for element', () => {
    setSessionUser(null);
    renderLogin();
    const painted = document.createElement('div');
    painted.innerHTML = SKELETON_HTML;
    expect(shape(painted.firstChild)).toBe(shape(document.querySelector('main.pd-login')));
  });

  it('is painted on /login only, and hands what was typed and the focus to the React form, then goes', () => {
    expect(['/login', '/login/'].every(paintsSkeleton)).toBe(true);
    expect(['/login/forgot', '/main', '/island', '/'].some(paintsSkeleton)).toBe(false);
    window.history.replaceState(null, '', '/login?zone=B2');
    paintSkeleton();
    expect(JSON.parse(localStorage.getItem('plantdoc.kiosk'))).toMatchObject({ zone: 'B2', allowAccess: false });
    expect(document.activeElement.id).toBe('boot_email');
    document.getElementById('boot_email').value = 'early@demo.plant';
    document.getElementById('boot_password').value = 'typed-before';
    document.getElementById('boot_password').focus();
    expect(skeletonState()).toEqual({ email: 'early@demo.plant', password: 'typed-before', focus: 'password', submitted: false, pressed: false });
    setSessionUser(null);
    renderLogin();
    expect(document.getElementById('pd-boot')).toBeNull();
    expect(screen.getByLabelText('Email').value).toBe('early@demo.plant');
    expect(screen.getByLabelText('Password').value).toBe('typed-before');
    expect(document.activeElement.id).toBe('login_password');
    window.history.replaceState(null, '', '/');
  });

  /** The painted form with a manager's email and password typed, `act` done on it, then
   * the React form in its place; returns the sign-in requests sent so far. */
  const typedThenReplaced = (act) => {
    window.history.replaceState(null, '', '/login');
    paintSkeleton();
    document.getElementById('boot_email').value = 'manager.process@demo.plant';
    document.getElementById('boot_password').value = 'Demo-Plant-2026';
    act();
    setSessionUser(null);
    const fetch = stubFetch({ 'POST /api/users/login': [200, manager], '/api/modules': [200, []] });
    renderLogin();
    expect(document.getElementById('pd-boot')).toBeNull();
    return () => fetch.mock.calls.filter(([p]) => p === '/api/users/login');
  };

  it('sends the sign-in pressed on it once the React form is there', async () => {
    const logins = typedThenReplaced(() => {
      fireEvent.submit(document.querySelector('#pd-boot form'));
      expect(skeletonState().submitted).toBe(true);
    });
    await waitFor(() => expect(logins()).toHaveLength(1));
    expect(JSON.parse(logins()[0][1].body)).toEqual({ email: 'manager.process@demo.plant', password: 'Demo-Plant-2026' });
    await new Promise((r) => setTimeout(r, 50));
    expect(logins()).toHaveLength(1);
    window.history.replaceState(null, '', '/');
  });

  // The application arriving while Login is held down: the painted button (and the
  // browser's click) are gone at the release.
  const heldLogin = () =>
    typedThenReplaced(() => {
      fireEvent.pointerDown(document.querySelector('#pd-boot button'));
      expect(skeletonState().pressed).toBe(true);
    });

  it('sends the sign-in whose press began on it and ends on the React Login', async () => {
    const logins = heldLogin();
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(logins()).toHaveLength(1));
    expect(JSON.parse(logins()[0][1].body)).toEqual({ email: 'manager.process@demo.plant', password: 'Demo-Plant-2026' });
    window.history.replaceState(null, '', '/');
  });

  it('sends it once where the browser also clicks the button under the release', async () => {
    const logins = heldLogin();
    const button = screen.getByRole('button', { name: 'Login' });
    fireEvent.pointerUp(button);
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 50));
    expect(logins()).toHaveLength(1);
    window.history.replaceState(null, '', '/');
  });

  it('lets a press go that is released elsewhere, or released while painted', async () => {
    const logins = heldLogin();
    fireEvent.pointerUp(screen.getByLabelText('Email'));
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Login' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(logins()).toHaveLength(0);
    // Released on the painted form: its own click is the press (the `submitted` path).
    paintSkeleton();
    fireEvent.pointerDown(document.querySelector('#pd-boot button'));
    fireEvent.pointerUp(document.querySelector('#pd-boot button'));
    expect(skeletonState().pressed).toBe(false);
    document.getElementById('pd-boot').remove();
    window.history.replaceState(null, '', '/');
  });
});
