// 'Please create a new password': the sign-in with a temporary password. The e-mail and
// the temporary password just typed are sent along; the user picks the new one twice.
import { useState } from 'react';
import { Button, Form, Typography } from 'antd';
import { NewPasswordFields } from './NewPasswordFields';
import { api, useT } from '@plantdoc/kit/core';
import { splitErrors } from './LoginPage';

export function ChangePasswordForm({ email, tempPassword, onDone }) {
  const t = useT('host');
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(null);

  const onFinish = async ({ password = '', password2 = '' }) => {
    setBusy(true);
    setNotice(null);
    try {
      onDone(await api.post('/api/users/setPassword', { email, password, password2, tempPassword }));
    } catch (err) {
      const { mine, other } = splitErrors(err.fields, ['password', 'password2']);
      form.setFields(mine);
      if (other.length || !mine.length) setNotice(other.join(' ') || err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="change-password">
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
        {t('Please create a new password')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{email}</Typography.Paragraph>
      <NewPasswordFields notice={notice} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('Change Password')}
      </Button>
    </Form>
  );
}
