// API tokens (plant administrators): make one for a machine (an MES, a scraper), see its
// last use, revoke it. The token's text is shown once, right after it is made; the server
// keeps only its hash. Scopes and days as POST /api/tokens takes them.
import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Popconfirm, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, formatDate, useT } from '@plantdoc/kit';

export const SCOPES = ['documents:read', 'signatures:read', 'readiness:read', 'users:write', 'scim', 'webhooks', 'metrics'];
const KEY = ['users', 'tokens'];

export function TokensTab() {
  const t = useT('users');
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [made, setMade] = useState(null);
  const [error, setError] = useState(null);
  const list = useQuery({ queryKey: KEY, meta: { failure: 'Could not load the API tokens' }, queryFn: () => api.get('/api/tokens') });
  const create = useMutation({
    mutationFn: (body) => api.post('/api/tokens', body),
    onSuccess: (tok) => {
      setMade(tok);
      setError(null);
      form.resetFields();
      qc.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => {
      const fields = err.fields || {};
      form.setFields(['name', 'scopes', 'expiresInDays'].map((name) => ({ name, errors: fields[name] ? [fields[name]] : [] })));
      if (!Object.keys(fields).length) setError(err.message);
    },
  });
  const revoke = useMutation({
    mutationFn: (id) => api.delete(`/api/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
    onError: (err) => setError(err.message),
  });
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  const columns = [
    { title: t('Name'), dataIndex: 'name', key: 'name' },
    { title: t('Scopes'), dataIndex: 'scopes', key: 'scopes', render: (s) => s.join(', ') },
    { title: t('Company'), dataIndex: 'companyCode', key: 'company' },
    { title: t('Made By'), dataIndex: 'createdBy', key: 'by' },
    { title: t('Expires'), dataIndex: 'expiresAt', key: 'expires', render: (d) => formatDate(d) },
    { title: t('Last Used'), dataIndex: 'lastUsedAt', key: 'used', render: (d) => (d ? formatDate(d) : t('Never')) },
    {
      title: t('Revoke'),
      key: 'revoke',
      render: (_, tok) => (
        <Popconfirm title={t('Revoke {{name}}? Machines using it are refused at once.', { name: tok.name })} onConfirm={() => revoke.mutate(tok.id)}>
          <Button danger size="small" aria-label={t('Revoke {{name}}', { name: tok.name })}>
            {t('Revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} />}
      {made && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setMade(null)}
          title={t('Copy the token now: it is not shown again.')}
          description={
            <Typography.Text code copyable data-testid="new-token">
              {made.token}
            </Typography.Text>
          }
        />
      )}
      <Form form={form} layout="inline" initialValues={{ expiresInDays: 90, scopes: ['documents:read'] }} onFinish={(v) => create.mutate(v)}>
        <Form.Item name="name" label={t('Name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="scopes" label={t('Scopes')}>
          <Checkbox.Group options={SCOPES.map((s) => ({ label: s, value: s }))} />
        </Form.Item>
        <Form.Item name="expiresInDays" label={t('Days')}>
          <InputNumber min={1} max={365} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('Make Token')}
          </Button>
        </Form.Item>
      </Form>
      <Table rowKey="id" size="middle" loading={list.isPending} columns={columns} dataSource={list.data || []} pagination={false} />
    </Space>
  );
}
