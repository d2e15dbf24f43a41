// The top bar: page title, the alerts bell, the profile menu (Logout).
import { Avatar, Badge, Button, Dropdown, Layout, Space, Tooltip, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { BellOutlined, LogoutOutlined, UserOutlined } from '@plantdoc/kit/icons';
import { logout, useSession } from '@plantdoc/kit/core';

// The spec's text, letter for letter (including its typo).
export const BELL_TOOLTIP = 'Alerts • No alters';

export function TopBar({ title }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const name = user ? `${user.firstname ?? ''} ${user.lastname ?? ''}`.trim() : '';

  const onMenu = async ({ key }) => {
    if (key === 'logout') {
      await logout().catch(() => undefined);
      navigate('/login', { replace: true });
    }
  };

  return (
    <Layout.Header
      style={{
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        padding: '0 24px',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      {/* The page's one level-one heading (the look of a level 4). */}
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20, lineHeight: 1.4 }} data-testid="page-title">
        {title}
      </Typography.Title>
      <Space size="middle">
        <Tooltip title={BELL_TOOLTIP}>
          <Badge dot={false}>
            <Button type="text" shape="circle" aria-label="Alerts" icon={<BellOutlined />} />
          </Badge>
        </Tooltip>
        <Dropdown trigger={['click']} menu={{ items: [{ key: 'logout', icon: <LogoutOutlined />, label: 'Logout' }], onClick: onMenu }}>
          <Button type="text" aria-label={name ? `${name}, profile menu` : 'Profile menu'} data-testid="profile-menu">
            <Space>
              <Avatar size="small" icon={<UserOutlined />} />
              {name}
            </Space>
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
