import { Button } from 'antd';
import { Link } from 'react-router';
import { LazyResult } from '../lazyParts';

export const NOT_FOUND_TEXT = "The page you are looking for can't be found.";

export function NotFound({ standalone = false }) {
  return (
    <div style={standalone ? { paddingTop: 80 } : undefined}>
      <LazyResult
        status="404"
        title="404"
        subTitle={NOT_FOUND_TEXT}
        extra={
          <Link to="/">
            <Button type="primary">Home</Button>
          </Link>
        }
      />
    </div>
  );
}
