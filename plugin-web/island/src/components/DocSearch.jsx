// 'Search in documents' in the kiosk's reference mode (decision 79): the words typed
// are looked up in the text of the deployed SWPs the netbook sees (GET
// /api/swps/search-text); a result opens that document at that page. Touch first: every
// target is at least 48 px high, on a 1024×768 screen. Snippets mark the words between
// <mark> and </mark>: shown as text between those marks, never as HTML.
import { useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { EmptyList, formatNumber, useT } from '@plantdoc/kit';
import { useTextSearch } from '../api';

export const SEARCH_LIMIT = 6;
const TOUCH = { minHeight: 48 };
const SECTION = { swc: 'SWC', jes: 'JES', vis: 'VIS' };

/** The snippet as React nodes: the words between the marks in <mark>. */
export function snippetNodes(snippet) {
  return String(snippet || '')
    .split(/<mark>|<\/mark>/)
    .map((part, i) => (i % 2 ? <mark key={i}>{part}</mark> : part));
}

/** `q`, `page`: the search shown (kept in the address); `onSearch(q, page)`; `onOpen(hit)`. */
export function DocSearch({ q, page, onSearch, onOpen }) {
  const t = useT('island');
  const [text, setText] = useState(q || '');
  const found = useTextSearch(q, page, SEARCH_LIMIT);
  const total = found.data?.total || 0;
  const pages = Math.max(1, Math.ceil(total / SEARCH_LIMIT));
  const submit = (e) => {
    e.preventDefault();
    if (text.trim()) onSearch(text.trim(), 1);
  };
  return (
    <div data-testid="doc-search">
      <form onSubmit={submit} role="search" aria-label={t('Search in documents')} style={{ display: 'flex', gap: 8 }}>
        <Input
          size="large"
          style={TOUCH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('Words in the documents, e.g. torque')}
          aria-label={t('Words to find in the documents')}
        />
        <Button size="large" type="primary" htmlType="submit" style={TOUCH}>
          {t('Search')}
        </Button>
      </form>
      {found.isError && (
        <Typography.Paragraph type="danger" role="alert" style={{ marginTop: 12 }}>
          {found.error?.message || t('The search failed.')}
        </Typography.Paragraph>
      )}
      {found.isLoading && <Typography.Paragraph style={{ marginTop: 12 }}>{t('Searching..')}</Typography.Paragraph>}
      {found.data && (
        <>
          <div style={{ marginTop: 12 }} aria-live="polite">
            {found.data.totalExact === false ? (
              <Typography.Paragraph>{t('More than {{n}} pages found. Add a word to narrow the search.', { n: formatNumber(total) })}</Typography.Paragraph>
            ) : total ? (
              <Typography.Paragraph>{t('{{count}} page(s) found', { count: total })}</Typography.Paragraph>
            ) : (
              <EmptyList text={t('No document holds these words.')} />
            )}
          </div>
          <ul aria-label={t('Search results')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {found.data.results.map((h) => (
              <li key={`${h.swpId}-${h.section}-${h.page}`} style={{ marginBottom: 8 }}>
                <Button
                  block
                  size="large"
                  data-testid="search-hit"
                  onClick={() => onOpen(h)}
                  style={{ ...TOUCH, height: 'auto', whiteSpace: 'normal', textAlign: 'left', justifyContent: 'flex-start', padding: '8px 12px' }}
                >
                  <span>
                    <strong>
                      {t('{{part}} rev {{rev}} · {{section}} page {{page}}', {
                        part: h.partNumber,
                        rev: h.revision ?? 0,
                        section: SECTION[h.section] || h.section,
                        page: h.page,
                      })}
                    </strong>
                    <br />
                    <span>{snippetNodes(h.snippet)}</span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <Space>
              <Button size="large" style={TOUCH} disabled={page <= 1} onClick={() => onSearch(q, page - 1)}>
                {t('Previous')}
              </Button>
              <Typography.Text>{t('Page {{page}} of {{pages}}', { page, pages })}</Typography.Text>
              <Button size="large" style={TOUCH} disabled={page >= pages} onClick={() => onSearch(q, page + 1)}>
                {t('Next')}
              </Button>
            </Space>
          )}
        </>
      )}
    </div>
  );
}
