// The operator interface's History view (spec: six columns; decision 79 adds a seventh,
// each signature's meaning and mode, 'Read (badge)', 'Verified (badge+pin)'). Its own chunk,
// loaded when History is opened: the table is not part of the interface's first load.
import { useMemo } from 'react';
import { Table } from 'antd';
import dayjs from 'dayjs';
import { EmptyList, formatDate, k, translate, useT } from '@plantdoc/kit';
import { useSignHistory } from '../api';

export const SIGN_VALID_MS = 7776000000;
export const HISTORY_HEIGHT = 500;

// The server's words for a signature's meaning and mode: a closed set, keys (k) shown through translate.
export const SIGN_WORDS = [k('Read'), k('Verified'), k('badge'), k('badge+pin')];

/** 'Read (badge)': a signature's meaning and the mode it was given in, in the page's language. */
export const manifestation = (meaning, mode) =>
  meaning ? translate('island', '{{meaning}} ({{mode}})', { meaning: translate('island', meaning), mode: translate('island', mode || 'badge') }) : '';

/** The time of a signature with its offset (§11.50: date and time, unambiguous), for the cell's title. */
const withOffset = (value) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss Z') : '');

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
      signedAt: withOffset(r.dateSigned?.date),
      verifiedAt: withOffset(r.dateVerified?.date),
      expires: formatDate(new Date(signed + SIGN_VALID_MS).toISOString()),
      expired: now - signed > SIGN_VALID_MS,
      meaning: [manifestation(r.signMeaning, r.signMode), r.dateVerified ? manifestation(r.verifyMeaning || 'Verified', r.verifyMode) : '']
        .filter(Boolean)
        .join(', '),
    };
  });
}

// Column titles are keys (k), shown through t; 'Verfied' is the spec's, letter for letter.
const COLUMNS = [
  [k('Operator'), 'operator'],
  [k('Employee'), 'employee'],
  [k('Signed'), 'signed'],
  [k('Verifier'), 'verifier'],
  [k('Verfied'), 'verified'],
  [k('Expires'), 'expires'],
  [k('Meaning'), 'meaning'],
];

const AT = { signed: 'signedAt', verified: 'verifiedAt' };

const EMPTY = { emptyText: <EmptyList /> };

export function History({ swpId }) {
  const t = useT('island');
  const history = useSignHistory(swpId);
  // The spec's dates in the cells; each signature's time with its UTC offset in the cell's title.
  const columns = useMemo(
    () =>
      COLUMNS.map(([title, dataIndex]) => ({
        title: t(title),
        dataIndex,
        ...(AT[dataIndex] ? { render: (text, row) => <span title={row[AT[dataIndex]]}>{text}</span> } : {}),
      })),
    [t],
  );
  return (
    <div style={{ height: HISTORY_HEIGHT, overflow: 'auto' }}>
      <Table
        size="small"
        loading={history.isLoading}
        columns={columns}
        dataSource={historyRows(history.data || [])}
        pagination={false}
        locale={EMPTY}
        onRow={(r) => ({ 'data-expired': r.expired, style: { background: r.expired ? '#fff1f0' : '#f6ffed' } })}
      />
    </div>
  );
}
