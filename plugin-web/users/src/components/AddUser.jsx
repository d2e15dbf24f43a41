// Add Users: the user form; on success the temporary password is shown once (the
// manager hands it over; the first sign-in must replace it).
import { useState } from 'react';
import { Alert, Button, Form, Result, Typography } from 'antd';
import { useSession } from '@plantdoc/kit';
import { useRegisterUser } from '../api';
import { UserForm, showServerErrors, toPayload } from './UserForm';

export function AddUser({ onDone }) {
  const { user: me } = useSession();
  const [form] = Form.useForm();
  const register = useRegisterUser();
  const [error, setError] = useState(null);
  const [added, setAdded] = useState(null);

  if (added) {
    return (
      <Result
        status="success"
        title="User added"
        subTitle={`${added.user.fullName} (${added.user.email}) must choose a new password at the first sign-in.`}
        extra={[
          <Button
            key="again"
            type="primary"
            onClick={() => {
              setAdded(null);
              form.resetFields();
            }}
          >
            Add Another User
          </Button>,
          <Button key="list" onClick={onDone}>
            Back to Manage Users
          </Button>,
        ]}
      >
        <Alert
          type="warning"
          showIcon
          title="Temporary password (shown only once)"
          description={
            <Typography.Text copyable code data-testid="temp-password">
              {added.tempPassword}
            </Typography.Text>
          }
        />
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
        Add User
      </Button>
    </UserForm>
  );
}
