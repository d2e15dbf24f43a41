// The page's first script (src/boot.js): the session check at once; on /login the painted
// form, and the application (main.js) started only when it is needed (decision 39).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { NOT_LOADED, boot, readUser } from '../src/boot';

/** A window whose session check answers `user` (null: signed out) and whose idle time comes at once. */
function fakeWindow(user) {
  const calls = [];
  return {
    calls,
    fetch: async (path, init) => {
      calls.push([path, init]);
      return user ? { ok: true, json: async () => user } : { ok: false, json: async () => ({}) };
    },
    setTimeout: (fn) => fn(),
    addEventListener: (_type, fn) => fn(),
  };
}

const app = () => document.getElementById('pd-app');
const prefetch = () => document.querySelector('link[rel="prefetch"]');

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('boot.js', () => {
  it('starts the session check and the application at once away from /login', async () => {
    window.history.replaceState(null, '', '/main/swps');
    const win = fakeWindow(null);
    boot(win, document);
    expect(win.calls.map(([p]) => p)).toEqual(['/api/users/current']);
    expect(app().getAttribute('src')).toBe('/main.js');
    expect(document.getElementById('pd-boot')).toBeNull();
    expect(await win.__plantdocCurrentUser).toBeNull();
  });

  it('on /login paints the form and starts nothing until the form is used, main.js fetched when idle', async () => {
    window.history.replaceState(null, '', '/login');
    const win = fakeWindow(null);
    boot(win, document);
    await win.__plantdocCurrentUser;
    expect(document.getElementById('boot_email')).not.toBeNull();
    expect(app()).toBeNull();
    expect(prefetch().getAttribute('href')).toBe('/main.js');
    fireEvent.keyDown(document.getElementById('boot_email'), { key: 'm' });
    expect(app().getAttribute('src')).toBe('/main.js');
    // Once only.
    fireEvent.submit(document.querySelector('#pd-boot form'));
    expect(document.querySelectorAll('script#pd-app')).toHaveLength(1);
  });

  it.each([
    ['a pointer press', (f) => fireEvent.pointerDown(f.querySelector('button'))],
    ['typing', (f) => fireEvent.input(f.querySelector('#boot_password'), { target: { value: 'x' } })],
    ['a submit', (f) => fireEvent.submit(f)],
  ])('on /login starts the application on %s in the form', (_what, act) => {
    window.history.replaceState(null, '', '/login');
    boot(fakeWindow(null), document);
    expect(app()).toBeNull();
    act(document.querySelector('#pd-boot form'));
    expect(app()).not.toBeNull();
  });

  it('on /login starts the application when the session check finds the user signed in', async () => {
    window.history.replaceState(null, '', '/login');
    const win = fakeWindow({ _id: 'u1', email: 'manager.process@demo.plant' });
    boot(win, document);
    expect(await win.__plantdocCurrentUser).toMatchObject({ _id: 'u1' });
    await waitFor(() => expect(app()).not.toBeNull());
  });

  it('reads the user of an accepted check, and cancels the body of a refused one (no request left open)', async () => {
    const ok = new Response(JSON.stringify({ _id: 'u1' }), { status: 200, headers: { 'content-type': 'application/json' } });
    expect(await readUser(ok)).toEqual({ _id: 'u1' });
    const refused = new Response(JSON.stringify({ error: 'Not signed in.' }), { status: 401 });
    expect(await readUser(refused)).toBeNull();
    expect(refused.bodyUsed).toBe(true);
    // A body-less answer (or a fake) is no failure either.
    expect(await readUser({ ok: false })).toBeNull();
  });

  it('keeps how one signs in when single sign-on is set up (the 401 says so)', async () => {
    const win = {};
    const refused = new Response(JSON.stringify({ error: 'Please sign in.', signIn: { sso: 'Acme ID', password: false } }), { status: 401 });
    expect(await readUser(refused, win)).toBeNull();
    expect(win.__plantdocSignIn).toEqual({ sso: 'Acme ID', password: false });
    const plain = new Response(JSON.stringify({ error: 'Please sign in.' }), { status: 401 });
    const other = {};
    expect(await readUser(plain, other)).toBeNull();
    expect(other.__plantdocSignIn).toBeUndefined();
  });

  it('says so on the painted form when the application cannot be downloaded', () => {
    window.history.replaceState(null, '', '/login');
    boot(fakeWindow(null), document);
    const form = document.querySelector('#pd-boot form');
    fireEvent.submit(form);
    expect(form.querySelector('button').classList.contains('pd-btn-loading')).toBe(true);
    fireEvent.error(app());
    expect(form.querySelector('[role="alert"]').textContent).toBe(NOT_LOADED);
    expect(form.querySelector('button').classList.contains('pd-btn-loading')).toBe(false);
  });
});
