// /main/coming-soon: the page a not-yet-shipped sidebar entry leads to. The entry passes
// its label and release in the navigation state.
import { Tag } from 'antd';
import { LazyResult } from '../lazyParts';
import { useLocation } from 'react-router';

export function ComingSoon({ label, release }) {
  const { state } = useLocation();
  const name = label || state?.label;
  const rel = release || state?.release;
  return (
    <LazyResult
      status="info"
      title="Coming Soon"
      subTitle={name && rel ? `${name} will be available in release ${rel}.` : 'This feature will be available in a future release.'}
      extra={rel ? <Tag color="blue">Release {rel}</Tag> : null}
    />
  );
}
