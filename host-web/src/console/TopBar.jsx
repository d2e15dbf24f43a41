// The top bar: page title, the alerts bell, the profile menu (Logout).
import { Avatar, Button, Dropdown, Layout, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { LogoutOutlined, UserOutlined } from '@plantdoc/kit/icons';
import { logout, useSession, useT } from '@plantdoc/kit/core';

import { Bell } from './Bell';

export { BELL_TOOLTIP } from './Bell';

export function TopBar({ title }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const t = useT('host');
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
        <Bell />
        <Dropdown trigger={['click']} menu={{ items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('Logout') }], onClick: onMenu }}>
          <Button type="text" aria-label={name ? t('{{name}}, profile menu', { name }) : t('Profile menu')} data-testid="profile-menu">
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
