// The sign-in form, or the forced new-password form when the server answers
// 403 {status: 'CHANGE_PASSWORD'}. Server field errors show under their fields.
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useLocation } from 'react-router';
import { api, formFields, setSessionUser, storeZoneFromQuery } from '@plantdoc/kit/core';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Errors for fields the form has go under them; the rest show above the form. */
export function splitErrors(fields, names) {
  const mine = formFields(fields, names);
  const other = Object.entries(fields || {})
    .filter(([k]) => !names.includes(k))
    .map(([, v]) => v);
  return { mine, other };
}

export function LoginPage() {
  const [form] = Form.useForm();
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(null);
  const [change, setChange] = useState(null);

  // A kiosk netbook is pointed at /login?zone=A1 once: remember its zone.
  useEffect(() => {
    storeZoneFromQuery(search);
  }, [search]);

  // Signed in: the page's guard (RedirectSignedIn) sends the user home once the module
  // list is known: operators to the kiosk, everyone else to the console's home page.
  const signedIn = (user) => setSessionUser(user);

  const onFinish = async ({ email = '', password = '' }) => {
    setBusy(true);
    setNotice(null);
    try {
      signedIn(await api.post('/api/users/login', { email, password }));
    } catch (err) {
      if (err.status === 403 && err.body?.status === 'CHANGE_PASSWORD') {
        setChange({ email, tempPassword: password });
      } else {
        const { mine, other } = splitErrors(err.fields, ['email', 'password']);
        form.setFields(mine);
        if (other.length || !mine.length) setNotice(other.join(' ') || err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  if (change) return <ChangePasswordForm {...change} onDone={signedIn} />;

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="login">
      {notice && <Alert type="error" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <Form.Item label="Email" name="email">
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item label="Password" name="password">
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        Login
      </Button>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login/forgot">Forgot Password?</Link>
      </div>
    </Form>
  );
}
