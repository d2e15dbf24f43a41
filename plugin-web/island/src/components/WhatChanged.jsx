// 'What changed' (decision 79): beside the spec's 'Changes:' card on /island/swp-ack,
// for an operator whose last signature of the part is an earlier revision, the pages of
// the SWC, JES and VIS whose text changed, were added or were removed since, each opening
// the compare view (KioskCompare) at that page. The compare is the kit's (pdf.js, loaded
// here, in this chunk's time: never with the kiosk's first screens). Reading and
// acknowledging each document stays as the spec says.
import { Button, Card, Space, Typography } from 'antd';
import { changedPages, formatDate, k, useComparePair, useT } from '@plantdoc/kit';
import { useLastSigned } from '../api';
import { DOC_NAMES } from './docs';

/** The pair of one document (the panel's and the compare view's: one query, opened once). */
export function useKioskPair(last, swpId, section, links) {
  return useComparePair(
    ['kiosk', last?._id, swpId, section],
    async () => ({ before: last.urls?.[section], after: links?.[section] }),
    Boolean(last?._id && swpId && links?.[section] && last.urls?.[section]),
  );
}

/** The earlier revision to show changes from: the operator's last signed one, if not this. */
export function useEarlierSigned(swpId, opId) {
  const last = useLastSigned(swpId, opId);
  return last.data && last.data._id !== swpId ? last.data : null;
}

// A changed, added or removed page: its button's text and label, whole phrases (keys, k).
const PAGE = {
  changed: [k('Page {{n}}'), k('{{doc}} page {{n}}: compare')],
  added: [k('Page {{n}} (added)'), k('{{doc}} page {{n}} (added): compare')],
  removed: [k('Page {{n}} (removed)'), k('{{doc}} page {{n}} (removed): compare')],
};

function DocumentChanges({ id, short, last, swpId, links, open }) {
  const t = useT('island');
  const pair = useKioskPair(last, swpId, id, links);
  let body;
  if (pair.isError) body = <Typography.Text type="warning">{t('could not be compared')}</Typography.Text>;
  else if (!pair.data) body = <Typography.Text type="secondary">{t('checking…')}</Typography.Text>;
  else {
    const { changed, added, removed } = changedPages(pair.data);
    const pages = [...changed.map((n) => [n, 'changed']), ...added.map((n) => [n, 'added']), ...removed.map((n) => [n, 'removed'])];
    body = pages.length ? (
      <Space wrap size={4}>
        {pages.map(([n, how]) => (
          <Button key={n} size="large" onClick={() => open(id, n)} aria-label={t(PAGE[how][1], { doc: short, n })}>
            {t(PAGE[how][0], { n })}
          </Button>
        ))}
      </Space>
    ) : (
      <Typography.Text>{t('no pages changed')}</Typography.Text>
    );
  }
  return (
    <div data-testid={`changed-${id}`} style={{ marginBottom: 8 }}>
      <Typography.Text strong>{`${short}: `}</Typography.Text>
      {body}
    </div>
  );
}

/** `open(section, page)` shows the compare view. */
export function WhatChanged({ swpId, opId, links, open }) {
  const t = useT('island');
  const last = useEarlierSigned(swpId, opId);
  if (!last) return null;
  return (
    <Card size="small" title={t('What changed')} data-testid="what-changed">
      <Typography.Paragraph>
        {t('Since revision {{rev}}, which you signed on {{date}}:', { rev: last.revision ?? 0, date: formatDate(last.signedAt) })}
      </Typography.Paragraph>
      {DOC_NAMES.map(([id, short]) => (
        <DocumentChanges key={id} id={id} short={short} last={last} swpId={swpId} links={links} open={open} />
      ))}
    </Card>
  );
}
