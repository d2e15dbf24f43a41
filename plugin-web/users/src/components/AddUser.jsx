// Add Users: the user form; on success the temporary password is shown once (the
// manager hands it over; the first sign-in must replace it). An operator or OJT added
// with a badge and no e-mail signs at the kiosk only: no password (decision 108).
import { useState } from 'react';
import { Alert, Button, Form, Result, Typography } from 'antd';
import { useSession, useT } from '@plantdoc/kit';
import { useRegisterUser } from '../api';
import { UserForm, showServerErrors, toPayload } from './UserForm';

export function AddUser({ onDone }) {
  const t = useT('users');
  const { user: me } = useSession();
  const [form] = Form.useForm();
  const register = useRegisterUser();
  const [error, setError] = useState(null);
  const [added, setAdded] = useState(null);

  if (added) {
    const badgeOnly = added.user.badgeOnly || !added.tempPassword;
    return (
      <Result
        status="success"
        title={t('User added')}
        subTitle={
          badgeOnly
            ? t('{{name}} signs at the kiosk with their badge; they have no e-mail and no password.', { name: added.user.fullName })
            : t('{{name}} ({{email}}) must choose a new password at the first sign-in.', { name: added.user.fullName, email: added.user.email })
        }
        extra={[
          <Button
            key="again"
            type="primary"
            onClick={() => {
              setAdded(null);
              form.resetFields();
            }}
          >
            {t('Add Another User')}
          </Button>,
          <Button key="list" onClick={onDone}>
            {t('Back to Manage Users')}
          </Button>,
        ]}
      >
        {!badgeOnly && (
          <Alert
            type="warning"
            showIcon
            title={t('Temporary password (shown only once)')}
            description={
              <Typography.Text copyable code data-testid="temp-password">
                {added.tempPassword}
              </Typography.Text>
            }
          />
        )}
      </Result>
    );
  }
  const onFinish = (values) => {
    setError(null);
    register.mutate(toPayload(values), {
      onSuccess: setAdded,
      onError: (err) => setError(showServerErrors(form, err)),
    });
  };
  return (
    <UserForm form={form} initialValues={{ companyCode: me?.companyCode, zones: [] }} onFinish={onFinish} error={error}>
      <Button type="primary" htmlType="submit" loading={register.isPending}>
        {t('Add User')}
      </Button>
    </UserForm>
  );
}
