// /login/*: sign in, forgot password, reset password. Other login paths go to /login/.
import { Card, Typography } from 'antd';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { RedirectSignedIn } from '../session/guards';
import { LoginPage } from './LoginPage';
import { ForgotPassword } from './ForgotPassword';
import { ResetPassword } from './ResetPassword';

export function LoginFrame({ children }) {
  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa' }}>
      <Card style={{ width: 400, maxWidth: '92vw' }}>
        <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0, fontSize: 24 }}>
          Plantdoc
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}

function ToLogin() {
  const { search } = useLocation();
  return <Navigate to={`/login/${search}`} replace />;
}

export function LoginArea() {
  return (
    <LoginFrame>
      <Routes>
        <Route
          index
          element={
            <RedirectSignedIn>
              <LoginPage />
            </RedirectSignedIn>
          }
        />
        <Route path="forgot" element={<ForgotPassword />} />
        <Route path="reset/:token" element={<ResetPassword />} />
        <Route path="*" element={<ToLogin />} />
      </Routes>
    </LoginFrame>
  );
}
