import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function ComingLater() {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title="This kiosk screen is not built yet."
      extra={<Button onClick={() => navigate('/island')}>Back</Button>}
    />
  );
}
