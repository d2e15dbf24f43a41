import { Button } from 'antd';
import { Link } from 'react-router';
import { k, useT } from '@plantdoc/kit/core';
import { LazyResult } from '../lazyParts';

export const NOT_FOUND_TEXT = k("The page you are looking for can't be found.");

export function NotFound({ standalone = false }) {
  const t = useT('host');
  return (
    <div style={standalone ? { paddingTop: 80 } : undefined}>
      <LazyResult
        status="404"
        title="404"
        subTitle={t(NOT_FOUND_TEXT)}
        extra={
          <Link to="/">
            <Button type="primary">{t('Home')}</Button>
          </Link>
        }
      />
    </div>
  );
}
