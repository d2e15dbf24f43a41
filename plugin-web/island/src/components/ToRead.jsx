// 'To read: …' on part select: the operator's open reading obligations in the zone
// (issue 32; absent without the readiness module). A chunk of its own (PartSelect).
import { Button } from 'antd';
import { formatDate, getKioskSettings } from '@plantdoc/kit';
import { useToRead } from '../api';

export function ToRead({ opId, onPart }) {
  const list = useToRead(getKioskSettings().zone, opId).data || [];
  if (!list.length) return null;
  return (
    <div aria-label="To read">
      To read:{' '}
      {list.map((o, i) => (
        <Button key={i} type="link" danger={o.overdue} onClick={() => onPart({ _id: o.partId })}>
          {o.partNumber}
          {o.alertTag ? ` (${o.alertTag})` : ''} by {formatDate(o.dueDate)}
        </Button>
      ))}
    </div>
  );
}
