// The new password typed twice, with the form-level notice above it: shared by the forced
// change ('Please create a new password') and the reset-link form.
import { Alert, Form, Input } from 'antd';
import { useT } from '@plantdoc/kit/core';

export function NewPasswordFields({ notice }) {
  const t = useT('host');
  return (
    <>
      {notice && <Alert type="error" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('New Password')} name="password">
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item label={t('Confirm Password')} name="password2">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
