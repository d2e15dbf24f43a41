// The end of a review list: 'All Done!', the kind's text and its way back to the list.
import { Button, Result } from 'antd';
import { TEXTS } from '../lib';

export function AllDone({ kind, onBack }) {
  const t = TEXTS[kind];
  return (
    <Result
      status="success"
      title="All Done!"
      subTitle={t.doneText}
      extra={
        <Button type="primary" onClick={onBack}>
          {t.back}
        </Button>
      }
    />
  );
}
