// /island/error/{type}: the zone error, or an unknown one; Back to /island.
import { Button, Card, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { k, useT } from '@plantdoc/kit';

const ERRORS = {
  zone: [
    k('Error: Zone Not Set'),
    k(
      'This netbook does not belong to any zone. Displaying alerts will not be possible until the settings are changed. Please contact a Process Engineer to set the zone.',
    ),
  ],
};
const UNKNOWN = [k('Error: Unknown'), k('There was an error in the application. Please contact your system administrator.')];

export function ErrorPage() {
  const t = useT('island');
  const navigate = useNavigate();
  const { type } = useParams();
  const [title, text] = ERRORS[type] || UNKNOWN;
  return (
    <Card style={{ maxWidth: 640, margin: '64px auto', textAlign: 'center' }}>
      <Typography.Title level={2}>{t(title)}</Typography.Title>
      <Typography.Paragraph>{t(text)}</Typography.Paragraph>
      <Button type="primary" onClick={() => navigate('/island')}>
        {t('Back')}
      </Button>
    </Card>
  );
}
