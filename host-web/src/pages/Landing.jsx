// '/': the alpha landing page; a signed-in user goes straight home (the console's home
// page, or the kiosk for an operator).
import { Button, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession, useT } from '@plantdoc/kit/core';
import { GoHome } from '../session/guards';
import { Themed } from '../theme';

export function Landing() {
  const session = useSession();
  const t = useT('host');
  if (session.isAuthenticated) return <GoHome />;
  return (
    <Themed>
      <div
        style={{
          minHeight: '100vh',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'linear-gradient(160deg, #e6f4ff 0%, #ffffff 60%)',
        }}
      >
        <Typography.Title style={{ marginBottom: 8 }}>{t('Alpha Release')}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 18 }}>
          {t('For production setup and testing')}
        </Typography.Paragraph>
        <Link to="/main">
          <Button type="primary" size="large">
            {t('Login')}
          </Button>
        </Link>
      </div>
    </Themed>
  );
}
