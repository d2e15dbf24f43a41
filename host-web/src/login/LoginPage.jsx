// The sign-in form, or the forced new-password form when the server answers
// 403 {status: 'CHANGE_PASSWORD'}. Server field errors show under their fields.
// Plain React, no antd (docs/web.md, "Weight and speed"): /login paints without
// downloading antd; it looks and behaves as the antd form it replaces did.
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { api, formFields, setSessionUser, storeZoneFromQuery, useT } from '@plantdoc/kit/core';
import { themedLazy } from '../lazyParts';
import { moduleSpinner } from '../Spinner';
import { skeletonState } from './skeleton';
import { PlainAlert, PlainField, PlainPassword, PlainSubmit, inputProps } from './PlainFields';

// The new-password form is antd's: loaded (with antd) only when the server asks for it.
const ChangePasswordForm = themedLazy(() => import('./ChangePasswordForm'), 'ChangePasswordForm');

/** Errors for fields the form has go under them; the rest show above the form. */
export function splitErrors(fields, names) {
  const mine = formFields(fields, names);
  const other = Object.entries(fields || {})
    .filter(([k]) => !names.includes(k))
    .map(([, v]) => v);
  return { mine, other };
}

/**
 * How one signs in here: `{ sso: label, password }` when single sign-on is set up (the
 * signed-out answer of /api/users/current says so; boot.js keeps the first one), else null.
 */
function useSignIn() {
  const [signIn, setSignIn] = useState(() => (typeof window === 'undefined' ? null : window.__plantdocSignIn || null));
  useEffect(() => {
    if (typeof window === 'undefined' || window.__plantdocSignIn !== undefined) return undefined;
    // Opened inside the application (after a sign-out): ask once.
    let live = true;
    fetch('/api/users/current', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then((res) => (res.status === 401 ? res.json() : (res.body?.cancel(), null)))
      .then((body) => {
        window.__plantdocSignIn = body?.signIn || null;
        if (live) setSignIn(window.__plantdocSignIn);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return signIn;
}

/**
 * A press of the painted Login still held when this form replaced it: its release over
 * this form's Login sends the form (the browser's click went with the pressed button).
 * Any other release lets it go. Returns the listeners' removal.
 */
function takeRelease(form) {
  const up = (e) => {
    done();
    const button = form.current?.querySelector('button[type=submit]');
    if (button?.contains(e.target)) form.current.requestSubmit(button);
  };
  const done = () => {
    document.removeEventListener('pointerup', up, true);
    document.removeEventListener('pointercancel', done, true);
  };
  document.addEventListener('pointerup', up, true);
  document.addEventListener('pointercancel', done, true);
  return done;
}

/** 'Sign in with {label}': a plain link, the server sends the browser on to the provider. */
function SsoButton({ label }) {
  const t = useT('host');
  return (
    <a
      id="login_sso"
      className="pd-btn"
      href="/api/auth/oidc/login"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', textDecoration: 'none', marginBottom: 24 }}
    >
      {t('Sign in with {{label}}', { label })}
    </a>
  );
}

export function LoginPage() {
  const { search } = useLocation();
  const t = useT('host');
  const signIn = useSignIn();
  // Password sign-in off: only the button, but for the break-glass page (/login?local).
  const passwordForm = !signIn || signIn.password !== false || new URLSearchParams(search).has('local');
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(null);
  const [change, setChange] = useState(null);
  const email = useRef(null);
  const password = useRef(null);
  const form = useRef(null);
  // One sign-in at a time, also for two sends in one render (a held press, then a click).
  const sending = useRef(false);

  // A kiosk netbook is pointed at /login?zone=A1 once: remember its zone.
  useEffect(() => {
    storeZoneFromQuery(search);
  }, [search]);

  // Signed in: the page's guard (RedirectSignedIn) sends the user home once the module
  // list is known: operators to the kiosk, everyone else to the console's home page.
  const signedIn = (user) => setSessionUser(user);

  // Typing in a field clears its error (as antd's Form does).
  const set = (name) => (value) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  const send = async ({ email: mail, password } = values) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setNotice(null);
    try {
      signedIn(await api.post('/api/users/login', { email: mail, password }));
    } catch (err) {
      if (err.status === 403 && err.body?.status === 'CHANGE_PASSWORD') {
        setChange({ email: mail, tempPassword: password });
      } else {
        const { mine, other } = splitErrors(err.fields, ['email', 'password']);
        setErrors((prev) => ({ ...prev, ...Object.fromEntries(mine.map((f) => [f.name, f.errors[0]])) }));
        if (other.length || !mine.length) setNotice(other.join(' ') || err.message);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const onSubmit = (e) => {
    e.preventDefault();
    send();
  };
  // The form boot.js painted before React (login/skeleton.js), at the commit that
  // replaces it (before LoginFrame removes it): what was typed there, the focus, and a
  // press of Login (sent now, or when a press still held is released).
  useLayoutEffect(() => {
    const boot = skeletonState();
    (boot?.focus === 'password' ? password : email).current?.focus();
    if (!boot) return undefined;
    const typed = { email: boot.email, password: boot.password };
    setValues(typed);
    if (boot.submitted) send(typed);
    else if (boot.pressed) return takeRelease(form);
    return undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at the commit that replaces the painted form
  }, []);

  if (change) {
    return (
      <Suspense fallback={moduleSpinner}>
        <ChangePasswordForm {...change} onDone={signedIn} />
      </Suspense>
    );
  }

  if (!passwordForm) return <SsoButton label={signIn.sso} />;
  return (
    <form ref={form} id="login" className="pd-form" onSubmit={onSubmit} noValidate>
      {signIn && <SsoButton label={signIn.sso} />}
      {notice && <PlainAlert>{notice}</PlainAlert>}
      <PlainField id="login_email" label={t('Email')} error={errors.email}>
        <input ref={email} className="pd-input" type="text" autoComplete="username" {...inputProps('login_email', values.email, set('email'), errors.email)} />
      </PlainField>
      <PlainField id="login_password" label={t('Password')} error={errors.password}>
        <PlainPassword
          inputRef={password}
          autoComplete="current-password"
          {...inputProps('login_password', values.password, set('password'), errors.password)}
        />
      </PlainField>
      <PlainSubmit loading={busy}>{t('Login')}</PlainSubmit>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link className="pd-link" to="/login/forgot">
          {t('Forgot Password?')}
        </Link>
      </div>
    </form>
  );
}
