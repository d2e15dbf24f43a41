// The sign-in form index.js paints before React (src/login/skeleton.js) is a copy of the
// React form: same elements, classes and texts, so the same place and size (no layout
// shift when React takes over); what was typed into it and its focus carry over.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { LoginArea } from '../src/login/LoginArea';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { SKELETON_HTML, paintSkeleton, paintsSkeleton, skeletonState } from '../src/login/skeleton';
import { fakeLoader, renderWithQuery } from './fixtures';

/** An element tree as tag.class and texts (ids, values and inline styles aside). */
function shape(el) {
  const kids = [...el.childNodes]
    .map((n) => (n.nodeType === 3 ? n.textContent.trim() : n.nodeType === 1 ? shape(n) : ''))
    .filter(Boolean);
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
    window.history.replaceState(null, '', '/login');
    paintSkeleton();
    expect(document.activeElement.id).toBe('boot_email');
    document.getElementById('boot_email').value = 'early@demo.plant';
    document.getElementById('boot_password').value = 'typed-before';
    document.getElementById('boot_password').focus();
    expect(skeletonState()).toEqual({ email: 'early@demo.plant', password: 'typed-before', focus: 'password' });
    setSessionUser(null);
    renderLogin();
    expect(document.getElementById('pd-boot')).toBeNull();
    expect(screen.getByLabelText('Email').value).toBe('early@demo.plant');
    expect(screen.getByLabelText('Password').value).toBe('typed-before');
    expect(document.activeElement.id).toBe('login_password');
    window.history.replaceState(null, '', '/');
  });
});
