// The top bar's bell (decision 66): the count of unread notifications, and on click the
// newest ones, each linking to its item, with mark-as-read and mark-all-read. With none
// unread it keeps the spec's tooltip. It also follows the live event stream, so the
// count and the open page's lists refresh when something changes elsewhere.
import { useState } from 'react';
import { Badge, Button, Popover, Space, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { BellOutlined } from '@plantdoc/kit/icons';
import { formatDate, k, useT } from '@plantdoc/kit/core';
import { useLiveUpdates, useMarkRead, useNotifications } from '@plantdoc/kit/src/notifications';
import { EmptyList } from '@plantdoc/kit/src/EmptyList';

// The spec's text, letter for letter (including its typo).
export const BELL_TOOLTIP = k('Alerts • No alters');
export const BELL_LIMIT = 10;

function Item({ item, onOpen, onRead }) {
  const t = useT('host');
  return (
    <li data-testid="notification" data-read={item.read ? 'yes' : 'no'} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Link
        strong={!item.read}
        href={item.link || '#'}
        onClick={(e) => {
          e.preventDefault();
          onOpen(item);
        }}
      >
        {item.title}
      </Typography.Link>
      {item.note && <div style={{ color: 'rgba(0,0,0,0.65)' }}>{t('Note: {{note}}', { note: item.note })}</div>}
      {/* On a line of its own, under the title: not glued to it. */}
      <Space size="small" data-testid="notification-meta" style={{ display: 'flex', fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>
        <span>{formatDate(item.createdAt)}</span>
        {!item.read && (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onRead(item)}>
            {t('Mark as read')}
          </Button>
        )}
      </Space>
    </li>
  );
}

export function Bell() {
  const navigate = useNavigate();
  const t = useT('host');
  const [open, setOpen] = useState(false);
  const { data } = useNotifications({ limit: BELL_LIMIT });
  const mark = useMarkRead();
  useLiveUpdates();
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];
  const onRead = (item) => mark.mutate({ ids: [item.id] });
  const onOpen = (item) => {
    if (!item.read) onRead(item);
    setOpen(false);
    if (item.link) navigate(item.link);
  };
  const list = (
    <div style={{ width: 360, maxHeight: 420, overflowY: 'auto' }} data-testid="notifications">
      {items.length === 0 ? (
        <EmptyList text={t('No notifications')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <Item key={item.id} item={item} onOpen={onOpen} onRead={onRead} />
          ))}
        </ul>
      )}
    </div>
  );
  const title = (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <span>{t('Notifications')}</span>
      <Button type="link" size="small" disabled={unread === 0} onClick={() => mark.mutate({ all: true })}>
        {t('Mark all as read')}
      </Button>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} title={title} content={list}>
      <Tooltip title={unread ? t('Alerts • {{unread}} unread', { unread }) : t(BELL_TOOLTIP)}>
        <Badge count={unread} size="small" data-testid="bell-count">
          <Button type="text" shape="circle" aria-label={t('Notifications')} icon={<BellOutlined />} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
