// The alert detail view: Back, the alert's facts, and its document in a frame
// ('Loading..' first, then the document or 'There was an error fetching the alert.').
import { Suspense, lazy, useState } from 'react';
import { Alert as Notice, Button, Descriptions, Space, Spin, Typography } from 'antd';
import { alertLink, DocumentFrame, formatDate, useSignedLinks, useT, VIEWER_HEIGHT } from '@plantdoc/kit';
import { issuer, statusText, TEXTS } from '../lib';

// Its own chunk: loaded when Translations is opened.
const AlertTranslations = lazy(() => import('./AlertTranslations'));

export function AlertDetail({ id, alert, onBack }) {
  const t = useT('alerts');
  // The kit's call (Sign Off shows the same document): a signed link, fetched fresh.
  const url = useSignedLinks({ ...alertLink(id), enabled: Boolean(id) });
  const [translating, setTranslating] = useState(false);
  return (
    <div data-testid="alert-detail">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button onClick={onBack}>{t('Back')}</Button>
        <Typography.Title level={2} style={{ margin: 0, whiteSpace: 'nowrap', fontSize: 16 }}>
          {alert?.alertTag || ''}
        </Typography.Title>
        {alert?.status === 'deployed' && (
          <Button onClick={() => setTranslating((on) => !on)}>{translating ? t('Hide translations') : t('Translations')}</Button>
        )}
      </Space>
      {translating && (
        <Suspense fallback={<Spin />}>
          <AlertTranslations id={id} />
        </Suspense>
      )}
      {alert && (
        <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('Type')}>{alert.alertType ? t(alert.alertType) : ''}</Descriptions.Item>
          <Descriptions.Item label={t('Part')}>{alert.partNumber}</Descriptions.Item>
          <Descriptions.Item label={t('Issuer')}>{issuer(alert)}</Descriptions.Item>
          <Descriptions.Item label={t('Effective')}>{formatDate(alert.effectiveDate)}</Descriptions.Item>
          <Descriptions.Item label={t('Sunset')}>{formatDate(alert.sunsetDate)}</Descriptions.Item>
          <Descriptions.Item label={t('Zones')}>{(alert.zones || []).join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('Status')}>{t(statusText(alert))}</Descriptions.Item>
          <Descriptions.Item label={t('Changes')}>{alert.changes || t('None')}</Descriptions.Item>
        </Descriptions>
      )}
      {url.isPending ? (
        <Typography.Text>{t(TEXTS.loading)}</Typography.Text>
      ) : url.isError ? (
        <Notice type="error" showIcon title={t(TEXTS.fetchError)} message={t(TEXTS.fetchError)} />
      ) : (
        <div style={{ height: VIEWER_HEIGHT }}>
          <DocumentFrame title={t('Alert {{tag}}', { tag: alert?.alertTag || id })} src={url.data} onRefused={() => url.refetch()} />
        </div>
      )}
    </div>
  );
}
