// The end of a review list: 'All Done!', the kind's text and its way back to the list.
import { Button, Result } from 'antd';
import { useT } from '@plantdoc/kit';
import { TEXTS } from '../lib';

export function AllDone({ kind, onBack }) {
  const t = useT('signoff');
  const texts = TEXTS[kind];
  return (
    <Result
      status="success"
      title={t('All Done!')}
      subTitle={t(texts.doneText)}
      extra={
        <Button type="primary" onClick={onBack}>
          {t(texts.back)}
        </Button>
      }
    />
  );
}
