// /login/*: sign in, forgot password, reset password, confirm a new e-mail. Other login
// paths go to /login/.
// The frame and the sign-in form are plain React (no antd; styles in public/index.html):
// /login paints without antd. Forgot and reset are antd forms, loaded when opened.
import { Suspense, useLayoutEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Redirect } from '@plantdoc/kit/core';
import { ReturnSignedIn } from './returnTo';
import { themedLazy } from '../lazyParts';
import { moduleSpinner } from '../Spinner';
import { LoginPage } from './LoginPage';
import { removeSkeleton } from './skeleton';

const ForgotPassword = themedLazy(() => import('./ForgotPassword'), 'ForgotPassword');
const ResetPassword = themedLazy(() => import('./ResetPassword'), 'ResetPassword');
const ConfirmEmail = themedLazy(() => import('./ConfirmEmail'), 'ConfirmEmail');

/** The card of the login pages (antd's Card and Title, as they looked). */
export function LoginFrame({ children }) {
  // The React form is in place (it took what was typed into the painted copy): remove it.
  useLayoutEffect(() => removeSkeleton(), []);
  return (
    <main className="pd-login">
      <div className="pd-card">
        <h1 className="pd-title">Plantdoc</h1>
        {children}
      </div>
    </main>
  );
}

function ToLogin() {
  const { search } = useLocation();
  return <Redirect to={`/login/${search}`} />;
}

export function LoginArea() {
  // The sign-in form is outside any Suspense boundary: it mounts with the frame, and reads
  // the painted copy (LoginPage) before the frame removes it.
  const later = (element) => <Suspense fallback={moduleSpinner}>{element}</Suspense>;
  return (
    <LoginFrame>
      <Routes>
        <Route
          index
          element={
            <ReturnSignedIn>
              <LoginPage />
            </ReturnSignedIn>
          }
        />
        <Route path="forgot" element={later(<ForgotPassword />)} />
        <Route path="reset/:token" element={later(<ResetPassword />)} />
        <Route path="email/:token" element={later(<ConfirmEmail />)} />
        <Route path="*" element={<ToLogin />} />
      </Routes>
    </LoginFrame>
  );
}
