// Compare an SWP with another revision of its part, SWC, JES and VIS: in the console
// viewer (the shown revision beside an earlier one, obsolete ones included) and in the
// review view (a revision in review beside the deployed one: reviewers judge the pages,
// not only the note). The deployed revision is the default; the pages are ComparePages.
import { useState } from 'react';
import { Alert, Button, Select, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { k, useT } from './i18n';
import { ComparePages, useComparePair } from './ComparePages';

const enc = encodeURIComponent;
const SECTIONS = [
  ['swc', 'SWC'],
  ['jes', 'JES'],
  ['vis', 'VIS'],
];
const RELEASE = k('Release');

const links = (id) => api.get(`/api/swps/signed-urls/${enc(id)}`).then((b) => b?.urls || {});

/** `swp`: the revision shown ({_id}); `onClose`: back to the document; headingLevel: ComparePages'. */
export default function SwpCompare({ swp, onClose, headingLevel }) {
  const t = useT('kit');
  const revs = useQuery({
    queryKey: ['swp', 'revisions', swp._id],
    queryFn: () => api.get(`/api/swps/revisions/${enc(swp._id)}`).then((b) => b?.revisions || []),
  });
  const earlier = (revs.data || []).filter((r) => r._id !== swp._id);
  const [other, setOther] = useState(null);
  const [section, setSection] = useState('swc');
  const beforeId = other || (earlier.find((r) => r.status === 'deployed') || earlier[0])?._id;
  const pair = useComparePair(
    ['swp', beforeId, swp._id, section],
    async () => {
      const [a, b] = await Promise.all([links(beforeId), links(swp._id)]);
      return { before: a[section], after: b[section] };
    },
    Boolean(beforeId),
  );
  const revision = (r) => (r === 0 || r === '0' || r == null ? t(RELEASE) : String(r));
  return (
    <div data-testid="compare-view">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={onClose}>{t('Close Compare')}</Button>
        <Select
          aria-label={t('Earlier revision')}
          style={{ minWidth: 220 }}
          value={beforeId}
          onChange={setOther}
          options={earlier.map((r) => ({ value: r._id, label: `${revision(r.revision)} (${r.status})` }))}
        />
        {SECTIONS.map(([key, label]) => (
          <Button key={key} type={section === key ? 'primary' : 'default'} onClick={() => setSection(key)}>
            {label}
          </Button>
        ))}
      </Space>
      {revs.isError && <Alert type="error" title={t('These documents could not be compared.')} />}
      {revs.isSuccess && !earlier.length && <Alert type="info" title={t('This part has no earlier revision to compare with.')} />}
      {pair.isError && <Alert type="error" title={t('These documents could not be compared.')} />}
      {pair.isFetching && <Spin style={{ display: 'block', padding: 48 }} />}
      {pair.data && !pair.isFetching && <ComparePages key={`${beforeId}-${section}`} pair={pair.data} headingLevel={headingLevel} />}
    </div>
  );
}
