// Modules (plant IT: plant administrators): every module with its release, dependencies and
// switch. A switch takes effect at once on the server (its routes answer or 404); the
// sidebar follows at the next page load. A run-time switch is stored and shown as such;
// otherwise the configuration's value applies. Refusals (a dependency) are explained.
import { useState } from 'react';
import { Alert, Button, Space, Switch, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, formatDate, useT } from '@plantdoc/kit';

export const OWN_MODULE = 'users';
const KEY = ['users', 'modules'];

export function ModulesTab() {
  const t = useT('users');
  const qc = useQueryClient();
  const list = useQuery({ queryKey: KEY, meta: { failure: 'Could not load the modules' }, queryFn: () => api.get('/api/modules') });
  const [error, setError] = useState(null);
  const [changed, setChanged] = useState(false);
  const toggle = useMutation({
    mutationFn: ({ id, enabled }) => api.post('/api/modules/switch', { id, enabled }),
    onSuccess: () => {
      setError(null);
      setChanged(true);
      qc.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => setError(err.fields?.enabled || err.fields?.id || err.message),
  });
  if (list.isError) return <Alert type="error" showIcon title={list.error.message} />;
  const modules = list.data?.modules || [];
  const name = (id) => modules.find((m) => m.id === id)?.name || id;
  const columns = [
    { title: t('Module'), dataIndex: 'name', key: 'name' },
    { title: t('Release'), dataIndex: 'release', key: 'release' },
    { title: t('Dependencies'), dataIndex: 'dependencies', key: 'deps', render: (d) => (d?.length ? d.map(name).join(', ') : t('None')) },
    {
      title: t('Enabled'),
      key: 'enabled',
      render: (_, m) =>
        m.id === OWN_MODULE ? (
          <Typography.Text type="secondary">{t('On (this page)')}</Typography.Text>
        ) : (
          <Switch
            checked={m.enabled}
            aria-label={t('{{name}} enabled', { name: m.name })}
            loading={toggle.isPending && toggle.variables?.id === m.id}
            onChange={(on) => toggle.mutate({ id: m.id, enabled: on })}
          />
        ),
    },
    {
      title: t('Set By'),
      key: 'source',
      render: (_, m) => (m.switch ? `${m.switch.changedBy}, ${formatDate(m.switch.changedAt)}` : t('Configuration')),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>
        {t('Release {{release}}. A switch takes effect at once and is kept over the configuration until switched again.', { release: list.data?.release })}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} />}
      {changed && (
        <Alert
          type="info"
          showIcon
          title={t('The sidebar shows the change at the next page load.')}
          action={
            <Button size="small" onClick={() => window.location.reload()}>
              {t('Reload Now')}
            </Button>
          }
        />
      )}
      <Table rowKey="id" size="middle" loading={list.isPending} columns={columns} dataSource={modules} pagination={false} />
    </Space>
  );
}
