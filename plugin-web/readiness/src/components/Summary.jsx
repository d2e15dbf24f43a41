// The summary: one line per zone, part or operator with its done % and its overdue share
// as antd Progress bars; choosing a line filters the table below (the drill-down).
import { Button, Empty, Flex, Progress, Spin, Typography } from 'antd';
import { useSummary } from '../api';

/** Overdue, as the table's rows (AA contrast on white). */
const RED = '#cf1322';

export const BY = [
  { value: 'zone', label: 'Zone' },
  { value: 'part', label: 'Part' },
  { value: 'operator', label: 'Operator' },
];

function Line({ r, selected, onPick }) {
  const all = r.open + r.done || 1;
  return (
    <Flex data-key={r.key} gap={16} align="center" style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Flex vertical style={{ flex: 1 }}>
        <Typography.Text strong>{r.label}</Typography.Text>
        <Progress aria-label={`${r.label}: done`} percent={r.donePct} size="small" format={(p) => `${p}% done`} />
        <Progress
          aria-label={`${r.label}: overdue`}
          percent={Math.round((r.overdue * 100) / all)}
          size="small"
          strokeColor={RED}
          format={() => <span style={{ color: RED }}>{r.overdue} overdue</span>}
        />
        <Typography.Text type="secondary">
          {r.open} open · {r.dueSoon} due soon · {r.done} done in 30 days
        </Typography.Text>
      </Flex>
      <Button size="small" type={selected === r.key ? 'primary' : 'default'} onClick={() => onPick(r.key)}>
        Show
      </Button>
    </Flex>
  );
}

export function Summary({ by, selected, onPick }) {
  const q = useSummary(by);
  const rows = q.data || [];
  return (
    <div role="region" aria-label="Readiness summary">
      <Spin spinning={q.isFetching}>
        {rows.length === 0 && !q.isFetching ? <Empty description="Nothing to summarise yet." /> : null}
        {rows.map((r) => (
          <Line key={r.key} r={r} selected={selected} onPick={onPick} />
        ))}
      </Spin>
    </div>
  );
}
