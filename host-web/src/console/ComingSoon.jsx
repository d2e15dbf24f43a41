// /main/coming-soon: the page a not-yet-shipped sidebar entry leads to. The entry passes
// its label and release in the navigation state.
import { Tag } from 'antd';
import { LazyResult } from '../lazyParts';
import { useLocation } from 'react-router';
import { useT } from '@plantdoc/kit/core';

export function ComingSoon({ label, release }) {
  const { state } = useLocation();
  const t = useT('host');
  const name = label || state?.label;
  const rel = release || state?.release;
  return (
    <LazyResult
      status="info"
      title={t('Coming Soon')}
      subTitle={
        name && rel ? t('{{name}} will be available in release {{release}}.', { name, release: rel }) : t('This feature will be available in a future release.')
      }
      extra={rel ? <Tag color="blue">{t('Release {{release}}', { release: rel })}</Tag> : null}
    />
  );
}
