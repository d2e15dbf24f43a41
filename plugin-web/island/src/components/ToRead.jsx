// 'To read: …' on part select: the operator's open reading obligations in the zone
// (decision 64; absent without the readiness module). A chunk of its own (PartSelect).
import { Button, Typography } from 'antd';
import { formatDate, getKioskSettings, useT } from '@plantdoc/kit';
import { useToRead } from '../api';

export function ToRead({ opId, onPart }) {
  const t = useT('island');
  const query = useToRead(getKioskSettings().zone, opId);
  if (query.isError)
    return (
      <Typography.Text role="alert" type="danger">
        {t('The reading list could not be loaded — see the team lead')}
      </Typography.Text>
    );
  const list = query.data || [];
  if (!list.length) return null;
  return (
    <div aria-label={t('To read')}>
      {t('To read:')}{' '}
      {list.map((o, i) => (
        <Button key={i} type="link" danger={o.overdue} onClick={() => onPart({ _id: o.partId })}>
          {t('{{what}} by {{date}}', { what: o.alertTag ? `${o.partNumber} (${o.alertTag})` : o.partNumber, date: formatDate(o.dueDate) })}
        </Button>
      ))}
    </div>
  );
}
