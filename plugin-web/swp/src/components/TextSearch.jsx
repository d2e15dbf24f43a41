// Browse's 'Search in documents' mode (decision 73): the words typed are searched in the
// text of every deployed SWP's SWC, JES and VIS; each result names the part, revision,
// document and page, shows the snippet with the words marked, and opens the viewer at
// that page. The words and the results page live in the address (?text=&tpage=).
// Its own chunk, loaded when the mode is chosen.
import { useEffect, useState } from 'react';
import { Input, List, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { ActionLink, EmptyList, formatNumber, useClearButton, useT } from '@plantdoc/kit';
import { revisionText } from '../lib';

/** 'Release' for revision 0, else 'revision N' (a bare '1' says nothing). */
const revisionLabel = (t, rev) => (revisionText(rev) === String(rev) ? t('revision {{rev}}', { rev }) : t(revisionText(rev)));
import { useTextSearch } from '../api';

const LIMIT = 10;
const SECTION = { swc: 'SWC', jes: 'JES', vis: 'VIS' };

/** The snippet's text with each `<mark>`…`</mark>` run shown marked (as text, never HTML). */
export function Snippet({ text }) {
  const parts = String(text || '').split(/<mark>|<\/mark>/);
  // antd's description grey is under 4.5:1 on white; #595959 is 7:1.
  return <span style={{ color: '#595959' }}>{parts.map((p, i) => (i % 2 === 1 ? <mark key={i}>{p}</mark> : <span key={i}>{p}</span>))}</span>;
}

export default function TextSearch({ onOpen }) {
  const t = useT('swp');
  const clear = useClearButton();
  const [params, setParams] = useSearchParams();
  const q = params.get('text') || '';
  const page = Math.max(1, Number(params.get('tpage')) || 1);
  const [input, setInput] = useState(q);
  useEffect(() => setInput(q), [q]);
  const set = (change) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(change)) {
        if (v == null || v === '') next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  const found = useTextSearch({ q, page, limit: LIMIT });
  const data = found.data || { results: [], total: 0 };
  return (
    <div data-testid="text-search">
      <Input.Search
        aria-label={t('Search in documents')}
        placeholder={t('Words in the SWC, JES or VIS')}
        allowClear={clear}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onSearch={(v) => set({ text: v.trim(), tpage: null })}
        style={{ maxWidth: 420, marginBottom: 12 }}
      />
      {q && data.totalExact === false && (
        <Typography.Paragraph role="status">
          {t('More than {{n}} pages hold these words: {{n}} of them are ranked here. Add a word to narrow the search.', {
            n: formatNumber(data.total),
          })}
        </Typography.Paragraph>
      )}
      {q && (
        <List
          loading={found.isFetching}
          dataSource={data.results}
          locale={{ emptyText: <EmptyList text={t('No records found')} /> }}
          pagination={
            data.total > LIMIT ? { current: page, pageSize: LIMIT, total: data.total, showSizeChanger: false, onChange: (n) => set({ tpage: n }) } : false
          }
          renderItem={(r) => (
            // Not List.Item.Meta: its title is an h4, below the page's h1 (axe's heading-order).
            <List.Item key={`${r.swpId}-${r.section}-${r.page}`}>
              <div>
                <div style={{ marginBottom: 4 }}>
                  <ActionLink onClick={() => onOpen({ _id: r.swpId, partNumber: r.partNumber }, { section: r.section, page: r.page })}>
                    {`${r.partNumber} · ${revisionLabel(t, r.revision)} · ${t('{{document}} page {{page}}', { document: SECTION[r.section] || r.section, page: r.page })}`}
                  </ActionLink>
                </div>
                <Snippet text={r.snippet} />
              </div>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
