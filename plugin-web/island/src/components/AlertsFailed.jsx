// What a kiosk screen shows, and stops on, when the alerts in force could not be loaded
// (decision 98): an error that blocks signing, never 'no alerts'.
import { Button, Space, Typography } from 'antd';
import { useT } from '@plantdoc/kit';
import { ALERTS_FAILED, COLOURS } from './status';

export function AlertsFailed({ retry, back }) {
  const t = useT('island');
  return (
    <Space orientation="vertical" data-testid="alerts-failed">
      <Typography.Paragraph role="alert" strong style={{ color: COLOURS.error, margin: 0 }}>
        {t(ALERTS_FAILED)}
      </Typography.Paragraph>
      <Space wrap>
        {back && <Button onClick={back}>{t('Back')}</Button>}
        <Button type="primary" onClick={retry}>
          {t('Try again')}
        </Button>
      </Space>
    </Space>
  );
}
