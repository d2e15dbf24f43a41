// /login/forgot: ask for a reset link. The server answers the same for unknown e-mails.
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { api, formFields, k, useT } from '@plantdoc/kit/core';

export const FORGOT_PROMPT = k("Enter your email and we'll send you a link to get back into your account");
export const FORGOT_DONE = k('Thanks! Please check the email specified for a link to reset your password.');

export function ForgotPassword() {
  const t = useT('host');
  const [form] = Form.useForm();
  const [state, setState] = useState('idle'); // idle | loading | success | error
  const [notice, setNotice] = useState(null);

  const onFinish = async ({ email = '' }) => {
    setState('loading');
    setNotice(null);
    try {
      await api.post('/api/users/forgotPassword', { email });
      setState('success');
    } catch (err) {
      form.setFields(formFields(err.fields, ['email']));
      if (!err.fields.email) setNotice(err.message);
      setState('error');
    }
  };

  if (state === 'success') {
    return (
      <div>
        <Typography.Paragraph>{t(FORGOT_DONE)}</Typography.Paragraph>
        <Link to="/login/">
          <Button type="primary" block>
            {t('Back to Login')}
          </Button>
        </Link>
      </div>
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="forgot">
      <Typography.Paragraph>{t(FORGOT_PROMPT)}</Typography.Paragraph>
      {notice && <Alert type="error" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('Email')} name="email">
        <Input autoComplete="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={state === 'loading'}>
        {t('Send Link')}
      </Button>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login/">{t('Back to Login')}</Link>
      </div>
    </Form>
  );
}
