// /main/readiness: who must read what, by when. The summary by zone (default), part or
// operator; choosing a line drills down to its obligations. Every choice lives in the
// address (?by=&zone=&part=&operator=&state=&page=&size=&sort=&order=): reload and Back
// keep them.
import { Button, Card, Segmented, Select, Space, Typography } from 'antd';
import { DEFAULT_PAGE_SIZE, EmptyList, k, useT, useUrlState } from '@plantdoc/kit';
import { BY, Summary } from '../components/Summary';
import { ObligationsTable } from '../components/ObligationsTable';
import { useSummary } from '../api';

const DEFAULTS = { by: 'zone', zone: '', part: '', operator: '', state: '', page: 1, size: DEFAULT_PAGE_SIZE, sort: 'dueDate', order: 'asc' };
const FILTER_OF = { zone: 'zone', part: 'part', operator: 'operator' };
const STATES = [
  { value: '', label: k('Every state') },
  { value: 'open', label: k('Open') },
  { value: 'overdue', label: k('Overdue') },
  { value: 'done', label: k('Done') },
  { value: 'void', label: k('Void') },
];

export const EMPTY_TEXT = k(
  'No reading obligations yet. They open when an SWP revision deploys (for the operators who signed an earlier revision or are trained on the part), when an alert comes in force (for every operator of its zones), and 14 days before a signature expires.',
);

export function ReadinessPage() {
  const t = useT('readiness');
  const [state, setState] = useUrlState(DEFAULTS);
  const by = BY.some((b) => b.value === state.by) ? state.by : 'zone';
  // By part or operator, a zone chosen before narrows the summary too (by zone, every
  // zone stays listed, the chosen one marked).
  const zone = by === 'zone' ? '' : state.zone;
  const summary = useSummary(by, zone);
  const filtered = state.zone || state.part || state.operator || state.state;
  // A line chosen by part or operator keeps the zone chosen before.
  const pick = (key) => setState({ zone: by === 'zone' ? key : state.zone, part: '', operator: '', [FILTER_OF[by]]: key, page: 1 });
  if (summary.isSuccess && summary.data.length === 0 && !filtered) {
    return (
      <Card title={t('Readiness')}>
        <EmptyList text={t(EMPTY_TEXT)} />
      </Card>
    );
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Card
        title={t('Readiness')}
        extra={
          <Segmented
            aria-label={t('Summarise by')}
            options={BY.map((b) => ({ ...b, label: t(b.label) }))}
            value={by}
            onChange={(v) => setState({ by: v === 'zone' ? '' : v })}
          />
        }
      >
        <Summary by={by} zone={zone} selected={state[FILTER_OF[by]]} onPick={pick} />
      </Card>
      <Card
        title={t('Obligations')}
        extra={
          <Space>
            {filtered ? (
              <Typography.Text type="secondary">
                {[
                  state.zone && t('zone {{zone}}', { zone: state.zone }),
                  state.part && t('part {{part}}', { part: state.part }),
                  state.operator && t('one operator'),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Typography.Text>
            ) : null}
            <Select
              aria-label={t('State')}
              style={{ width: 150 }}
              options={STATES.map((o) => ({ ...o, label: t(o.label) }))}
              value={state.state}
              onChange={(v) => setState({ state: v, page: 1 })}
            />
            {filtered ? <Button onClick={() => setState({ zone: '', part: '', operator: '', state: '', page: 1 })}>{t('Clear filters')}</Button> : null}
          </Space>
        }
      >
        <ObligationsTable state={state} setState={setState} />
      </Card>
    </Space>
  );
}
