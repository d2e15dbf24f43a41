// The edit screen (/main/settings/users/:id): Save is enabled only after a change; after
// saving or deleting, the success page with a button back to Settings (telling when a new
// e-mail waits for its owner's confirmation). A user's company is not changed here.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useSession, useT } from '@plantdoc/kit';
import { useDeleteUser, useEditUser, useUsers } from '../api';
import { FIELD_NAMES, UserForm, showServerErrors, toPayload } from '../components/UserForm';
import { DeleteUsersDialog } from '../components/DeleteUsersDialog';
import { IssuePin } from '../components/IssuePin';

const comparable = (v) => JSON.stringify(FIELD_NAMES.map((k) => (k === 'zones' ? [...(v[k] || [])].sort() : (v[k] ?? ''))));

export function EditUserPage() {
  const t = useT('users');
  const { id } = useParams();
  const { user: me } = useSession();
  const navigate = useNavigate();
  const users = useUsers();
  const edit = useEditUser();
  const remove = useDeleteUser();
  const [form] = Form.useForm();
  const [changed, setChanged] = useState(false);
  const [error, setError] = useState(null);
  const [confirm, setConfirm] = useState(false);
  const user = (users.data || []).find((u) => u._id === id);
  // A badge-only person's stored address is no e-mail: the field shows blank (kept so).
  const initial = useMemo(
    () => (user ? Object.fromEntries(FIELD_NAMES.map((k) => [k, k === 'email' && user.badgeOnly ? '' : (user[k] ?? (k === 'zones' ? [] : ''))])) : null),
    [user],
  );

  if (me?.position !== 'manager')
    return <Alert type="info" showIcon title={t('This feature is currently restricted by request of the process engineering manager.')} />;
  if (users.isPending) return <Spin />;
  if (users.isError) return <Alert type="error" showIcon title={users.error.message} />;
  if (!user)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('This user does not exist or was deleted.')}
        action={<Button onClick={() => navigate('/main/settings')}>{t('Back to Settings')}</Button>}
      />
    );

  const done = (what, pending) => navigate(`/main/settings/done?what=${what}${pending ? `&pending=${encodeURIComponent(pending)}` : ''}`, { replace: true });
  const onFinish = (values) => {
    setError(null);
    edit.mutate(
      { ...toPayload(values), originalEmail: user.email },
      {
        onSuccess: (res) => done('saved', res?.emailPending),
        onError: (err) => setError(showServerErrors(form, err)),
      },
    );
  };
  const onDelete = () =>
    remove.mutate(user.email, {
      onSuccess: () => done('deleted'),
      onError: (err) => {
        setConfirm(false);
        setError(err.fields?.email || err.message);
      },
    });
  return (
    <Card title={t('Edit User: {{name}}', { name: user.fullName })}>
      <UserForm
        form={form}
        companyLocked
        initialValues={initial}
        error={error}
        onFinish={onFinish}
        onValuesChange={(_, all) => setChanged(comparable(all) !== comparable(initial))}
      >
        <Space>
          <Button type="primary" htmlType="submit" disabled={!changed} loading={edit.isPending}>
            {t('Save')}
          </Button>
          <Button onClick={() => navigate('/main/settings')}>{t('Cancel')}</Button>
          {user._id !== me?._id && (
            <Button danger onClick={() => setConfirm(true)}>
              {t('Delete')}
            </Button>
          )}
        </Space>
      </UserForm>
      {user._id !== me?._id && !user.kiosk && <IssuePin user={user} />}
      <DeleteUsersDialog open={confirm} users={[user]} confirming={remove.isPending} onCancel={() => setConfirm(false)} onConfirm={onDelete} />
    </Card>
  );
}
