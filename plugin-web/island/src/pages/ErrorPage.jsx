// /island/error/{type}: the zone error, or an unknown one; Back to /island.
import { Button, Card, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';

const ERRORS = {
  zone: [
    'Error: Zone Not Set',
    'This netbook does not belong to any zone. Displaying alerts will not be possible until the settings are changed. Please contact a Process Engineer to set the zone.',
  ],
};
const UNKNOWN = ['Error: Unknown', 'There was an error in the application. Please contact your system administrator.'];

export function ErrorPage() {
  const navigate = useNavigate();
  const { type } = useParams();
  const [title, text] = ERRORS[type] || UNKNOWN;
  return (
    <Card style={{ maxWidth: 640, margin: '64px auto', textAlign: 'center' }}>
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      <Button type="primary" onClick={() => navigate('/island')}>
        Back
      </Button>
    </Card>
  );
}
