// Compare (issue 31) in the console viewer: the shown revision beside an earlier one of
// the same part (obsolete ones included), SWC, JES and VIS. The pages themselves are the
// kit's (ComparePages: shared with the kiosk's 'What changed').
import { useState } from 'react';
import { Alert, Button, Select, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ComparePages, api, useComparePair, useT } from '@plantdoc/kit';
import { revisionText } from '../lib';

const enc = encodeURIComponent;
const SECTIONS = [
  ['swc', 'SWC'],
  ['jes', 'JES'],
  ['vis', 'VIS'],
];

const links = (id) => api.get(`/api/swps/signed-urls/${enc(id)}`).then((b) => b?.urls || {});

export default function CompareView({ swp, onClose }) {
  const t = useT('swp');
  const revs = useQuery({
    queryKey: ['swp', 'revisions', swp._id],
    queryFn: () => api.get(`/api/swps/revisions/${enc(swp._id)}`).then((b) => b?.revisions || []),
  });
  const earlier = (revs.data || []).filter((r) => r._id !== swp._id);
  const [other, setOther] = useState(null);
  const [section, setSection] = useState('swc');
  const beforeId = other || earlier[0]?._id;
  const pair = useComparePair(
    ['swp', beforeId, swp._id, section],
    async () => {
      const [a, b] = await Promise.all([links(beforeId), links(swp._id)]);
      return { before: a[section], after: b[section] };
    },
    Boolean(beforeId),
  );
  return (
    <div data-testid="compare-view">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={onClose}>{t('Close Compare')}</Button>
        <Select
          aria-label={t('Earlier revision')}
          style={{ minWidth: 220 }}
          value={beforeId}
          onChange={setOther}
          options={earlier.map((r) => ({ value: r._id, label: `${t(revisionText(r.revision))} (${r.status})` }))}
        />
        {SECTIONS.map(([key, label]) => (
          <Button key={key} type={section === key ? 'primary' : 'default'} onClick={() => setSection(key)}>
            {label}
          </Button>
        ))}
      </Space>
      {revs.isSuccess && !earlier.length && <Alert type="info" title={t('This part has no earlier revision to compare with.')} />}
      {pair.isError && <Alert type="error" title={t('These documents could not be compared.')} />}
      {pair.isFetching && <Spin style={{ display: 'block', padding: 48 }} />}
      {pair.data && !pair.isFetching && <ComparePages key={`${beforeId}-${section}`} pair={pair.data} />}
    </div>
  );
}
