// The alert detail view: Back, the alert's facts, and its document in a frame
// ('Loading..' first, then the document or 'There was an error fetching the alert.').
import { Alert as Notice, Button, Descriptions, Space, Typography } from 'antd';
import { alertLink, DocumentFrame, formatDate, useSignedLinks, VIEWER_HEIGHT } from '@plantdoc/kit';
import { issuer, statusText, TEXTS } from '../lib';

export function AlertDetail({ id, alert, onBack }) {
  // The kit's call (Sign Off shows the same document): a signed link, fetched fresh.
  const url = useSignedLinks({ ...alertLink(id), enabled: Boolean(id) });
  return (
    <div data-testid="alert-detail">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button onClick={onBack}>Back</Button>
        <Typography.Title level={5} style={{ margin: 0, whiteSpace: 'nowrap' }}>
          {alert?.alertTag || ''}
        </Typography.Title>
      </Space>
      {alert && (
        <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Type">{alert.alertType}</Descriptions.Item>
          <Descriptions.Item label="Part">{alert.partNumber}</Descriptions.Item>
          <Descriptions.Item label="Issuer">{issuer(alert)}</Descriptions.Item>
          <Descriptions.Item label="Effective">{formatDate(alert.effectiveDate)}</Descriptions.Item>
          <Descriptions.Item label="Sunset">{formatDate(alert.sunsetDate)}</Descriptions.Item>
          <Descriptions.Item label="Zones">{(alert.zones || []).join(', ')}</Descriptions.Item>
          <Descriptions.Item label="Status">{statusText(alert)}</Descriptions.Item>
          <Descriptions.Item label="Changes">{alert.changes || 'None'}</Descriptions.Item>
        </Descriptions>
      )}
      {url.isPending ? (
        <Typography.Text>{TEXTS.loading}</Typography.Text>
      ) : url.isError ? (
        <Notice type="error" showIcon title={TEXTS.fetchError} message={TEXTS.fetchError} />
      ) : (
        <div style={{ height: VIEWER_HEIGHT }}>
          <DocumentFrame title={`Alert ${alert?.alertTag || id}`} src={url.data} onRefused={() => url.refetch()} />
        </div>
      )}
    </div>
  );
}
