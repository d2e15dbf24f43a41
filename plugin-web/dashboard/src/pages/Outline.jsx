// The Outline tab: figures, a chart, the Add Chart tile, focus parts and plant activity.
import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { PlusOutlined, formatDate, useT } from '@plantdoc/kit';
import { BarChart } from './BarChart';
import { ADD_CHART_DISABLED, FIGURES, FOCUS_PARTS, PLANT_ACTIVITY, SIGNATURES_BY_DAY } from './sampleData';

export function Outline() {
  const t = useT('dashboard');
  const activityColumns = [
    { title: t('When'), dataIndex: 'when', render: (v) => formatDate(v) },
    { title: t('Who'), dataIndex: 'who' },
    { title: t('What'), dataIndex: 'what', render: (w) => t(w) },
    { title: t('Zone'), dataIndex: 'zone', render: (z) => <Tag>{z}</Tag> },
  ];
  return (
    <div>
      <Row gutter={[16, 16]}>
        {FIGURES.map((f) => (
          <Col key={f.key} xs={24} sm={12} lg={6}>
            <Card data-testid={`figure-${f.key}`}>
              <Statistic title={t(f.title)} value={f.value} suffix={f.suffix} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card title={t('Signatures This Week')}>
            <BarChart data={SIGNATURES_BY_DAY.map((d) => ({ ...d, label: t(d.label) }))} title={t('Signatures This Week')} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card
            hoverable
            role="button"
            aria-label={t('Add Chart')}
            onClick={() => window.alert(t(ADD_CHART_DISABLED))}
            style={{ height: '100%', minHeight: 200, borderStyle: 'dashed', textAlign: 'center' }}
            styles={{ body: { paddingTop: 64 } }}
          >
            <PlusOutlined style={{ fontSize: 32, color: '#8c8c8c' }} />
            <div style={{ marginTop: 8, color: '#595959' }}>{t('Add Chart')}</div>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={8}>
          <Card title={t('Focus Parts')}>
            {FOCUS_PARTS.map((p) => (
              <div key={p.partNumber} style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 0' }}>
                <div>
                  <Typography.Text strong>{p.partNumber}</Typography.Text>
                  <div>
                    <Typography.Text type="secondary">{t(p.note)}</Typography.Text>
                  </div>
                </div>
                <Tag>{p.zone}</Tag>
              </div>
            ))}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('Plant Activity')}>
            <Table size="small" columns={activityColumns} dataSource={PLANT_ACTIVITY} pagination={false} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
