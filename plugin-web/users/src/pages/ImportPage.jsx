// /main/settings/import: a roster CSV from HR (the columns of Add Users plus badge, lang and
// active; the CLI's `plantdoc user import` format) checked first (a dry run: each row new,
// changed, disabled, unchanged or refused with its reasons), then applied in one
// transaction. Managers only; the server holds every row to Edit User's rules. Its own
// chunk (routes.jsx): the Settings page does not download it.
import { useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, k, useSession, useT } from '@plantdoc/kit';
import { userKeys } from '../api';
import { RESTRICTED } from './SettingsPage';

export const VERDICTS = {
  new: ['green', k('New')],
  changed: ['blue', k('Changed')],
  disabled: ['orange', k('Disabled')],
  unchanged: ['default', k('Unchanged')],
  refused: ['red', k('Refused')],
};
const WRITTEN = k('{{file}}: written. {{new}} new, {{changed}} changed, {{disabled}} disabled, {{refused}} refused.');
const NOT_YET = k('{{file}}: nothing written yet. {{new}} new, {{changed}} changed, {{disabled}} disabled, {{refused}} refused.');
const COLUMNS_HELP = k(
  'A CSV with a header row: email, firstname, lastname, companyCode, position, department, zones, opNo, badge, lang, and active (false disables the person). A person is found by e-mail, or by badge when the row has none.',
);

/** A chosen file's text (FileReader: every browser, and the tests' jsdom). */
export function readText(file) {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.readAsText(file);
  });
}

function send(text, dryRun) {
  return api.post(`/api/users/import?dryRun=${dryRun}`, new Blob([text], { type: 'text/csv' }));
}

function Details({ row }) {
  const t = useT('users');
  if (row.verdict === 'changed') return t('Changes: {{fields}}', { fields: row.fields.join(', ') });
  if (row.verdict !== 'refused') return null;
  return row.reasons.map((r) => (r.field ? `${r.field}: ${r.message}` : r.message)).join(' ');
}

export function ImportPage() {
  const t = useT('users');
  const { user } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [text, setText] = useState(null);
  const [name, setName] = useState('');
  const [result, setResult] = useState(null);
  const [error, setError] = useState(null);
  const run = useMutation({
    mutationFn: ({ dryRun }) => send(text, dryRun),
    onSuccess: (body) => {
      setResult(body);
      setError(null);
      if (body.applied) qc.invalidateQueries({ queryKey: userKeys.list });
    },
    onError: (err) => setError(err.fields?.file || err.message),
  });
  if (user?.position !== 'manager') return <Alert type="info" showIcon title={t(RESTRICTED)} />;
  const pick = async (e) => {
    const file = e.target.files?.[0];
    setResult(null);
    setError(null);
    setName(file ? file.name : '');
    setText(file ? await readText(file) : null);
  };
  const counts = result?.counts || {};
  const accepted = (counts.new || 0) + (counts.changed || 0) + (counts.disabled || 0);
  const columns = [
    { title: t('Line'), dataIndex: 'line', key: 'line', width: 70 },
    { title: t('Person'), dataIndex: 'key', key: 'key' },
    { title: t('Result'), dataIndex: 'verdict', key: 'verdict', render: (v) => <Tag color={VERDICTS[v][0]}>{t(VERDICTS[v][1])}</Tag> },
    { title: t('Details'), key: 'details', render: (_, row) => <Details row={row} /> },
  ];
  return (
    <Card title={t('Import Users')} extra={<Button onClick={() => navigate('/main/settings')}>{t('Back to Settings')}</Button>}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t(COLUMNS_HELP)}</Typography.Paragraph>
        <label>
          {t('Roster file (CSV)')} <input type="file" accept=".csv,text/csv" onChange={pick} />
        </label>
        {error && <Alert type="error" showIcon title={error} />}
        <Space>
          <Button disabled={!text} loading={run.isPending && run.variables?.dryRun} onClick={() => run.mutate({ dryRun: true })}>
            {t('Check')}
          </Button>
          <Button
            type="primary"
            disabled={!result?.dryRun || !accepted}
            loading={run.isPending && !run.variables?.dryRun}
            onClick={() => run.mutate({ dryRun: false })}
          >
            {t('Apply {{n}} changes', { n: accepted })}
          </Button>
        </Space>
        {result && (
          <>
            <Alert
              type={result.applied ? 'success' : 'info'}
              showIcon
              title={t(result.applied ? WRITTEN : NOT_YET, {
                file: name,
                new: counts.new || 0,
                changed: counts.changed || 0,
                disabled: counts.disabled || 0,
                refused: counts.refused || 0,
              })}
            />
            <Table rowKey="line" size="small" columns={columns} dataSource={result.rows} pagination={{ pageSize: 50, hideOnSinglePage: true }} />
          </>
        )}
      </Space>
    </Card>
  );
}
