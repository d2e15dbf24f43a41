// /login/reset/{token}: the token is checked first (spinner), then the new-password form,
// 'Invalid or expired token.', or the success text.
import { useState } from 'react';
import { Alert, Button, Form, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, formFields } from '@plantdoc/kit/core';
import { NewPasswordFields } from './NewPasswordFields';

export const INVALID_TOKEN = 'Invalid or expired token.';
export const RESET_DONE = 'Thanks! Your password was successfully changed.';

const resetPath = (token) => `/api/users/resetPassword/${encodeURIComponent(token)}`;

function BackToLogin() {
  return (
    <Link to="/login/">
      <Button type="primary" block>
        Back to Login
      </Button>
    </Link>
  );
}

export function ResetPassword() {
  const { token } = useParams();
  const [form] = Form.useForm();
  const [outcome, setOutcome] = useState({ token: null, state: null }); // after a submit: invalid | success
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(null);
  const check = useQuery({
    queryKey: ['core', 'reset-token', token],
    // A refused token is an answer, not a failure.
    queryFn: () => api.get(resetPath(token), { skipUnauthorized: true }).catch(() => ({ valid: false })),
    gcTime: 0,
  });
  const setState = (state) => setOutcome({ token, state });
  let state = check.isPending ? 'checking' : check.data?.valid ? 'valid' : 'invalid';
  if (outcome.token === token && outcome.state) state = outcome.state;

  const onFinish = async ({ password = '', password2 = '' }) => {
    setBusy(true);
    setNotice(null);
    try {
      await api.post(resetPath(token), { password, password2 }, { skipUnauthorized: true });
      setState('success');
    } catch (err) {
      if (err.fields.token) {
        setState('invalid');
      } else {
        form.setFields(formFields(err.fields, ['password', 'password2']));
        if (!err.fields.password && !err.fields.password2) setNotice(err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  if (state === 'checking') {
    return (
      <div style={{ textAlign: 'center', padding: 32 }} data-testid="reset-checking">
        <Spin size="large" />
      </div>
    );
  }
  if (state === 'invalid') {
    return (
      <div>
        <Alert type="error" showIcon title={INVALID_TOKEN} style={{ marginBottom: 16 }} />
        <BackToLogin />
      </div>
    );
  }
  if (state === 'success') {
    return (
      <div>
        <Typography.Paragraph>{RESET_DONE}</Typography.Paragraph>
        <BackToLogin />
      </div>
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="reset">
      <Typography.Paragraph>Enter your new password</Typography.Paragraph>
      <NewPasswordFields notice={notice} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        Submit
      </Button>
    </Form>
  );
}
