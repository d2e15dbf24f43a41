// /login/email/{token}: a new e-mail asked for by a manager takes effect only when its
// owner confirms it here with their own password (issue 25). The link is checked first
// (spinner), then the password form, 'Invalid or expired link.', or the success text.
import { useState } from 'react';
import { Alert, Button, Form, Input, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, formFields } from '@plantdoc/kit/core';

export const INVALID_LINK = 'Invalid or expired link.';

const confirmPath = (token) => `/api/users/confirmEmail/${encodeURIComponent(token)}`;

function BackToLogin() {
  return (
    <Link to="/login/">
      <Button type="primary" block>
        Back to Login
      </Button>
    </Link>
  );
}

export function ConfirmEmail() {
  const { token } = useParams();
  const [form] = Form.useForm();
  const [outcome, setOutcome] = useState({ token: null, state: null, message: null }); // after a submit
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(null);
  const check = useQuery({
    queryKey: ['core', 'email-token', token],
    // A refused link is an answer, not a failure.
    queryFn: () => api.get(confirmPath(token), { skipUnauthorized: true }).catch(() => ({ valid: false })),
    gcTime: 0,
  });
  let state = check.isPending ? 'checking' : check.data?.valid ? 'valid' : 'invalid';
  if (outcome.token === token && outcome.state) state = outcome.state;

  const onFinish = async ({ password = '' }) => {
    setBusy(true);
    setNotice(null);
    try {
      const res = await api.post(confirmPath(token), { password }, { skipUnauthorized: true });
      setOutcome({ token, state: 'success', message: res?.message });
    } catch (err) {
      if (err.fields?.token) {
        setOutcome({ token, state: 'invalid', message: null });
      } else {
        form.setFields(formFields(err.fields || {}, ['password']));
        if (!err.fields?.password) setNotice(err.fields?.email || err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  if (state === 'checking') {
    return (
      <div style={{ textAlign: 'center', padding: 32 }} data-testid="email-checking">
        <Spin size="large" />
      </div>
    );
  }
  if (state !== 'valid') {
    return (
      <div>
        {state === 'invalid' ? <Alert type="error" showIcon title={INVALID_LINK} style={{ marginBottom: 16 }} /> : <Typography.Paragraph>{outcome.message}</Typography.Paragraph>}
        <BackToLogin />
      </div>
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="confirm-email">
      <Typography.Paragraph>
        Your e-mail is to change to <strong>{check.data.email}</strong>. Enter your Plantdoc password to confirm.
      </Typography.Paragraph>
      {notice && <Alert type="error" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <Form.Item label="Password" name="password">
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        Confirm
      </Button>
    </Form>
  );
}
