// The summary: one line per zone, part or operator with its done % and its overdue share
// as antd Progress bars; choosing a line filters the table below (the drill-down).
import { Button, Flex, Progress, Spin, Typography } from 'antd';
import { EmptyList, k, useT, zoneLabel } from '@plantdoc/kit';
import { useSummary } from '../api';

/** Overdue, as the table's rows (AA contrast on white). */
const RED = '#cf1322';

export const BY = [
  { value: 'zone', label: k('Zone') },
  { value: 'part', label: k('Part') },
  { value: 'operator', label: k('Operator') },
];

function Line({ r, by, selected, onPick }) {
  const t = useT('readiness');
  const all = r.open + r.done || 1;
  // A zone's line: the server's English label in the page's language ('A Zone 1').
  const label = by === 'zone' ? zoneLabel(r.key, r.label) : r.label;
  return (
    <Flex data-key={r.key} gap={16} align="center" style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Flex vertical style={{ flex: 1 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <Progress aria-label={t('{{label}}: done', { label })} percent={r.donePct} size="small" format={(p) => t('{{percent}}% done', { percent: p })} />
        <Progress
          aria-label={t('{{label}}: overdue', { label })}
          percent={Math.round((r.overdue * 100) / all)}
          size="small"
          strokeColor={RED}
          format={() => <span style={{ color: RED }}>{t('{{count}} overdue', { count: r.overdue })}</span>}
        />
        <Typography.Text type="secondary">
          {t('{{open}} open · {{dueSoon}} due soon · {{done}} done in 30 days', { open: r.open, dueSoon: r.dueSoon, done: r.done })}
        </Typography.Text>
      </Flex>
      <Button size="small" type={selected === r.key ? 'primary' : 'default'} onClick={() => onPick(r.key)}>
        {t('Show')}
      </Button>
    </Flex>
  );
}

export function Summary({ by, zone = '', selected, onPick }) {
  const t = useT('readiness');
  const q = useSummary(by, zone);
  const rows = q.data || [];
  return (
    <div role="region" aria-label={t('Readiness summary')}>
      <Spin spinning={q.isFetching}>
        {rows.length === 0 && !q.isFetching ? <EmptyList text={t('Nothing to summarise yet.')} /> : null}
        {rows.map((r) => (
          <Line key={r.key} r={r} by={by} selected={selected} onPick={onPick} />
        ))}
      </Spin>
    </div>
  );
}
