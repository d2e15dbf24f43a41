// The Outline tab: the plant's figures (the spec's tiles), the week's signatures, the Add
// Chart tile. Fed by GET /api/dashboard/figures (figures.js); while it loads the tiles say
// so, and a failure says so in place of figures (never zeros that look real).
import { Alert, Card, Col, Row, Statistic } from 'antd';
import { PlusOutlined, useT } from '@plantdoc/kit';
import { BarChart } from './BarChart';
import { ADD_CHART_DISABLED } from './texts';
import { FIGURES_FAILED, TILES, tiles, usePlantFigures, week } from './figures';

export function Outline() {
  const t = useT('dashboard');
  const figures = usePlantFigures();
  if (figures.isError) return <Alert type="error" showIcon title={t(FIGURES_FAILED)} description={figures.error?.message} />;
  const shown = figures.data ? tiles(figures.data.figures) : TILES;
  return (
    <div aria-busy={figures.isPending}>
      <Row gutter={[16, 16]}>
        {shown.map((f) => (
          <Col key={f.key} flex="1 1 200px">
            <Card data-testid={`figure-${f.key}`}>
              <Statistic title={t(f.title)} value={f.value ?? '—'} suffix={f.value == null ? undefined : f.suffix} loading={figures.isPending} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={16}>
          <Card title={t('Signatures This Week')} loading={figures.isPending}>
            <BarChart data={week(figures.data?.signaturesByDay).map((d) => ({ ...d, label: t(d.label) }))} title={t('Signatures This Week')} />
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
    </div>
  );
}
