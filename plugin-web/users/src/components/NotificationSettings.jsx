// Settings → Notifications (decision 66): per kind of event, how the signed-in user is told
// — the bell, the bell and an e-mail each time, the bell and a daily digest e-mail, or not
// at all. A choice is saved as it is made, and says so (which kind, saved).
import { Alert, Radio, Table } from 'antd';
import { k, useT } from '@plantdoc/kit';
import { CHANNELS, useNotificationPrefs, useSaveNotificationPrefs } from '../api';

export const SAVED = k('Saved: {{event}}.');
export const NOTIFICATIONS_INTRO = k('Choose how you are told of each kind of event. Every choice but Off also shows in the bell.');
// The kit's channel labels (this is the one screen that shows them), as keys.
const CHANNEL_LABELS = { bell: k('Bell'), email: k('E-mail'), digest: k('Daily digest'), off: k('Off') };

/** The label of the kind a save was for (one kind a save). */
const savedLabel = (rows, sent) => rows.find((r) => sent && r.kind in sent)?.label ?? '';

export function NotificationSettings() {
  const t = useT('users');
  const channels = CHANNELS.map((c) => ({ ...c, label: t(CHANNEL_LABELS[c.value] ?? c.label) }));
  const { data, isLoading, error } = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const rows = data?.preferences ?? [];
  const columns = [
    { title: t('Event'), dataIndex: 'label', key: 'label' },
    {
      title: t('Tell me by'),
      key: 'channel',
      render: (_, row) => (
        <Radio.Group
          aria-label={row.label}
          value={row.channel}
          options={channels}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ [row.kind]: e.target.value })}
        />
      ),
    },
  ];
  return (
    <div data-testid="notification-settings">
      <Alert type="info" showIcon title={t(NOTIFICATIONS_INTRO)} style={{ marginBottom: 16 }} />
      {(error || save.error) && <Alert type="error" showIcon title={(error || save.error).message} style={{ marginBottom: 16 }} />}
      {save.isSuccess && (
        <Alert
          type="success"
          showIcon
          role="status"
          data-testid="preference-saved"
          title={t(SAVED, { event: savedLabel(rows, save.variables) })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table rowKey="kind" loading={isLoading} columns={columns} dataSource={rows} pagination={false} size="middle" />
    </div>
  );
}
