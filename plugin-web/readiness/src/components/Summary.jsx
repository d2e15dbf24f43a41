// The summary: one line per zone, part or operator with its done % and its overdue share
// as antd Progress bars; choosing a line filters the table below (the drill-down).
import { Button, List, Progress, Space, Typography } from 'antd';
import { useSummary } from '../api';

/** Overdue, as the table's rows (AA contrast on white). */
const RED = '#cf1322';

export const BY = [
  { value: 'zone', label: 'Zone' },
  { value: 'part', label: 'Part' },
  { value: 'operator', label: 'Operator' },
];

export function Summary({ by, selected, onPick }) {
  const q = useSummary(by);
  const rows = q.data || [];
  return (
    <div role="region" aria-label="Readiness summary">
      <List
        loading={q.isFetching}
        dataSource={rows}
        locale={{ emptyText: 'Nothing to summarise yet.' }}
        renderItem={(r) => {
          const all = r.open + r.done || 1;
          return (
            <List.Item
              data-key={r.key}
              actions={[
                <Button key="show" size="small" type={selected === r.key ? 'primary' : 'default'} onClick={() => onPick(r.key)}>
                  Show
                </Button>,
              ]}
            >
              <Space direction="vertical" style={{ width: '100%' }} size={0}>
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
              </Space>
            </List.Item>
          );
        }}
      />
    </div>
  );
}
