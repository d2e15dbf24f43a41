// Settings → Notifications (issue 27): per kind of event, how the signed-in user is told —
// the bell, the bell and an e-mail each time, the bell and a daily digest e-mail, or not
// at all. A choice is saved as it is made.
import { Alert, Radio, Table } from 'antd';
import { CHANNELS, useNotificationPrefs, useSaveNotificationPrefs } from '../api';

export const NOTIFICATIONS_INTRO = 'Choose how you are told of each kind of event. Every choice but Off also shows in the bell.';

export function NotificationSettings() {
  const { data, isLoading, error } = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const rows = data?.preferences ?? [];
  const columns = [
    { title: 'Event', dataIndex: 'label', key: 'label' },
    {
      title: 'Tell me by',
      key: 'channel',
      render: (_, row) => (
        <Radio.Group
          aria-label={row.label}
          value={row.channel}
          options={CHANNELS}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ [row.kind]: e.target.value })}
        />
      ),
    },
  ];
  return (
    <div data-testid="notification-settings">
      <Alert type="info" showIcon title={NOTIFICATIONS_INTRO} style={{ marginBottom: 16 }} />
      {(error || save.error) && <Alert type="error" showIcon title={(error || save.error).message} style={{ marginBottom: 16 }} />}
      <Table rowKey="kind" loading={isLoading} columns={columns} dataSource={rows} pagination={false} size="middle" />
    </div>
  );
}
