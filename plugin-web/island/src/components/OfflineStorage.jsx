// Settings' offline lines (decision 122): the storage the netbook uses for the kept
// application, documents and queue (navigator.storage.estimate()), and the time of the
// offline pack it keeps.
import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import { formatDate, useT } from '@plantdoc/kit';
import { packInfo } from '../offline/reach';

const MB = 1000 * 1000;
export const megabytes = (bytes) => (bytes / MB).toFixed(1);

const browserEstimate = () => navigator.storage?.estimate?.();

export function OfflineStorage({ estimate = browserEstimate }) {
  const t = useT('island');
  const [use, setUse] = useState(null);
  useEffect(() => {
    Promise.resolve(estimate())
      .then((e) => e && setUse(e))
      .catch(() => {});
  }, [estimate]);
  const info = packInfo();
  return (
    <div data-testid="offline-storage" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Typography.Text>
        {use
          ? t('Storage used: {{used}} MB of {{quota}} MB', { used: megabytes(use.usage ?? 0), quota: megabytes(use.quota ?? 0) })
          : t('Storage used: unknown')}
      </Typography.Text>
      <Typography.Text>
        {info?.asOf ? t('Documents kept offline as of {{time}}', { time: formatDate(info.asOf) }) : t('No documents kept offline yet')}
      </Typography.Text>
    </div>
  );
}
