// The operator interface's History view (spec: six columns; issue 28 item 2 adds each
// signature's meaning and mode, 'Read (badge)', 'Verified (badge+pin)'). Its own chunk,
// loaded when History is opened: the table is not part of the interface's first load.
import { Table } from 'antd';
import { formatDate } from '@plantdoc/kit';
import { useSignHistory } from '../api';

export const SIGN_VALID_MS = 7776000000;
export const HISTORY_HEIGHT = 500;

/** 'Read (badge)': a signature's meaning and the mode it was given in. */
export const manifestation = (meaning, mode) => (meaning ? `${meaning} (${mode || 'badge'})` : '');

export function historyRows(list, now = Date.now()) {
  return list.map((r) => {
    const signed = Date.parse(r.dateSigned?.date);
    return {
      key: r._id,
      operator: r.op?.fullName,
      employee: r.op?.opNo,
      signed: formatDate(r.dateSigned?.date),
      verifier: r.cl?.fullName || '',
      verified: r.dateVerified ? formatDate(r.dateVerified.date) : '',
      expires: formatDate(new Date(signed + SIGN_VALID_MS).toISOString()),
      expired: now - signed > SIGN_VALID_MS,
      meaning: [manifestation(r.signMeaning, r.signMode), r.dateVerified ? manifestation(r.verifyMeaning || 'Verified', r.verifyMode) : '']
        .filter(Boolean)
        .join(', '),
    };
  });
}

const COLUMNS = [
  ['Operator', 'operator'],
  ['Employee', 'employee'],
  ['Signed', 'signed'],
  ['Verifier', 'verifier'],
  ['Verfied', 'verified'],
  ['Expires', 'expires'],
  ['Meaning', 'meaning'],
].map(([title, dataIndex]) => ({ title, dataIndex }));

export function History({ swpId }) {
  const history = useSignHistory(swpId);
  return (
    <div style={{ height: HISTORY_HEIGHT, overflow: 'auto' }}>
      <Table
        size="small"
        loading={history.isLoading}
        columns={COLUMNS}
        dataSource={historyRows(history.data || [])}
        pagination={false}
        onRow={(r) => ({ 'data-expired': r.expired, style: { background: r.expired ? '#fff1f0' : '#f6ffed' } })}
      />
    </div>
  );
}
