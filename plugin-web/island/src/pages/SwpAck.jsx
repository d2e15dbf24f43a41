// /island/swp-ack?part=&doc=&read=&verify=: read the SWC, JES and VIS, then a verifier
// scans their badge (spec "Instruction acknowledgement screen"). Progress lives in the
// URL; the read and the verification go through the outbox, so neither is lost.
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Card, Space, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { getKioskSettings, useSignedLinks, useT } from '@plantdoc/kit';
import { linksSource, useOperatorAlerts, useDeployedSwp } from '../api';
import { DoneCard, SittingVerify, verifiedLines } from '../components/Cards';
import { PinInput, usePinMode } from '../components/Pin';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { LeaveButtons } from '../components/SignOut';
import { PENDING_TEXT, send } from '../outbox';
import { partPath, useOperator } from '../state';
import { addRead, getSitting } from '../sitting';
import { NOT_IN_LANGUAGE, NOTICE_COLOR, notInLanguage, readFiles } from '../language';
import { AlertsFailed } from '../components/AlertsFailed';

import { DOC_NAMES } from '../components/docs';

export const DOCS = DOC_NAMES;
export const CONTENT_HEIGHT = 660;

/** A document's title in the page's language (its frame's title): the full name, or Video. */
export function docTitle(t, doc) {
  if (doc === 'video') return t('Video');
  const found = DOCS.find(([id]) => id === doc);
  return found ? t(found[2]) : undefined;
}

// 'What changed' and its compare view (decision 79) are chunks of their own, with pdf.js
// behind them: loaded on this screen only, and pdf.js only for an operator who signed an
// earlier revision.
const WhatChanged = lazy(() => import('../components/WhatChanged').then((m) => ({ default: m.WhatChanged })));
const KioskCompare = lazy(() => import('../components/KioskCompare').then((m) => ({ default: m.KioskCompare })));

function Progress({ read, doc, go }) {
  const t = useT('island');
  return (
    <Card size="small" title={t('Your Progress')}>
      <Space>
        {DOCS.map(([id, short]) => (
          <Button
            key={id}
            aria-pressed={doc === id}
            onClick={() => go({ doc: id, step: null, compare: null, cpage: null })}
            style={{ background: read.includes(id) ? '#237804' : '#a8071a', color: '#fff', fontWeight: doc === id ? 700 : 400 }}
          >
            {short}
          </Button>
        ))}
      </Space>
    </Card>
  );
}

/** Alerts in force the operator has not read in this sitting (one scan verifies all):
 *  { list, failed, retry } (failed: they could not be loaded; signing waits). */
export function useUnreadAlerts(opId, partNumber) {
  const alerts = useOperatorAlerts(getKioskSettings().zone, opId, partNumber);
  const read = getSitting().map((i) => i.id);
  return { list: (alerts.data || []).filter((a) => !read.includes(a._id)), failed: alerts.isError, retry: () => alerts.refetch() };
}

export function SwpAck() {
  const t = useT('island');
  const [params, setParams] = useSearchParams();
  const partId = params.get('part');
  const op = useOperator();
  const navigate = useNavigate();
  const part = useDeployedSwp(partId);
  const unread = useUnreadAlerts(op?._id, part.data?.partNumber);
  const links = useSignedLinks({ ...linksSource(part.data?._id), enabled: Boolean(part.data?._id) });
  const read = (params.get('read') || '').split(',').filter(Boolean);
  const doc = params.get('doc') || DOCS.find(([id]) => !read.includes(id))?.[0] || 'swc';
  const step = params.get('step');
  const compare = DOCS.some(([id]) => id === params.get('compare')) ? params.get('compare') : null;
  const [sent, setSent] = useState('');
  const pinMode = usePinMode();
  const [signed, setSigned] = useState(false);
  const go = (patch, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, v] of Object.entries(patch))
      if (v == null) next.delete(key);
      else next.set(key, v);
    setParams(next, { replace });
  };
  const allRead = DOCS.every(([id]) => read.includes(id));
  // One read per operator and version: the server keeps one unverified record. The
  // outbox sends in order, so the sitting's verification comes after it. In badge+pin
  // the operator's PIN sends it (recorded in the sitting once accepted).
  const sendRead = (secret) => {
    const item = { kind: 'swp', id: part.data._id, label: part.data.partNumber };
    if (!secret) addRead(item);
    // The files shown, by language and SHA-256 (decision 82), when the links said.
    const files = readFiles(links.data?.served, ['swc', 'jes', 'vis']);
    const body = { opId: op._id, swpId: part.data._id, ...(files ? { readFiles: files } : {}) };
    return send('/api/island/operator-read-swp', body, (text) => setSent(text || PENDING_TEXT), secret).then((answer) => {
      if (secret) addRead(item, { opId: op._id });
      // Kept on the netbook (server unreachable): the note stays until it is sent.
      if (!answer?.queued) setSent('');
      setSigned(true);
    });
  };
  useEffect(() => {
    if (!allRead || !part.data || step === 'verified' || pinMode !== false || unread.failed) return;
    // Already read in this sitting (or resumed awaiting verification): signed once.
    if (getSitting().some((i) => i.id === part.data._id)) return;
    sendRead().catch((e) => setSent(e.message));
  }, [allRead, part.data?._id, pinMode, unread.failed]); // eslint-disable-line react-hooks/exhaustive-deps
  const pinNeeded = pinMode && !signed && !getSitting().some((i) => i.id === part.data?._id);
  if (!part.data)
    return (
      <Spin tip={t('Loading..')} style={{ display: 'block', marginTop: 64 }}>
        <div />
      </Spin>
    );
  if (step === 'verified') {
    const tags = (params.get('tag') || '').split(',').filter(Boolean);
    return <DoneCard title={t('Successfully Verified')} lines={verifiedLines(op.fullName, part.data.partNumber, tags)} partId={partId} />;
  }
  const current = DOCS.find(([id]) => id === doc) || DOCS[0];
  // Verification mode: the badge view on the left, 'Show SWP' in the sidebar (spec).
  const verifying = step === 'verify' && allRead;
  const markRead = () => {
    const nextRead = [...new Set([...read, doc])];
    const nextDoc = DOCS.find(([id]) => !nextRead.includes(id))?.[0] || doc;
    go({ read: nextRead.join(','), doc: nextDoc, compare: null, cpage: null });
  };
  // The compare takes the whole width, the sidebar stepping aside until Close Compare: two
  // pages side by side in what the sidebar leaves at 1024×768 were 285 px each.
  if (compare && !(verifying && !unread.failed))
    return (
      <Suspense fallback={null}>
        <KioskCompare
          swpId={part.data._id}
          opId={op._id}
          links={links.data}
          section={compare}
          page={Number(params.get('cpage')) || 1}
          height={CONTENT_HEIGHT}
          onSection={(id) => go({ compare: id, cpage: null })}
          onClose={() => go({ compare: null, cpage: null })}
        />
      </Suspense>
    );
  const sidebar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {t('Part {{part}}', { part: part.data.partNumber })}
      </Typography.Title>
      {part.data.changes ? (
        <Card size="small" title={t('Changes:')}>
          {part.data.changes}
          {part.data.changeRequest ? <div>{t('Change request {{number}}', { number: part.data.changeRequest })}</div> : null}
        </Card>
      ) : null}
      <Suspense fallback={null}>
        <WhatChanged swpId={part.data._id} opId={op._id} links={links.data} open={(id, n) => go({ compare: id, cpage: n })} />
      </Suspense>
      <Progress read={read} doc={doc} go={go} />
      {allRead && unread.failed ? (
        <Card size="small" title={t('Verification')}>
          <AlertsFailed retry={unread.retry} />
        </Card>
      ) : allRead && pinNeeded ? (
        <Card size="small" title={t('Sign')}>
          <PinInput sign={sendRead} signer={{ id: op?._id }} />
        </Card>
      ) : allRead ? (
        <Card size="small" title={t('Verification')}>
          <Typography.Paragraph strong>{t('Awaiting Verification')}</Typography.Paragraph>
          {sent && <Typography.Paragraph type="warning">{t(sent)}</Typography.Paragraph>}
          {verifying ? (
            <Button type="primary" onClick={() => go({ step: null })}>
              {t('Show SWP')}
            </Button>
          ) : (
            <Button type="primary" onClick={() => go({ step: 'verify' })}>
              {t('Verify Operator')}
            </Button>
          )}
        </Card>
      ) : (
        <Card size="small" title={t(current[2])}>
          <Button type="primary" disabled={read.includes(doc)} onClick={markRead}>
            {t('I have read the {{doc}}', { doc: current[1] })}
          </Button>
        </Card>
      )}
      <LeaveButtons partId={partId} />
    </Space>
  );
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      {verifying && !unread.failed ? (
        <SittingVerify
          op={op}
          onVerified={(items) =>
            go(
              {
                step: 'verified',
                tag:
                  items
                    .filter((i) => i.kind === 'alert')
                    .map((i) => i.label)
                    .join(',') || null,
              },
              true,
            )
          }
          onCancel={() => go({ step: null })}
          more={unread.list.length ? [[t('Read the alerts too'), () => navigate(partPath('alert-ack', partId))]] : []}
        />
      ) : (
        <>
          {notInLanguage(links.data?.served?.[doc]) && (
            <Typography.Paragraph strong data-testid="not-in-language" style={{ margin: 0, color: NOTICE_COLOR }}>
              {t(NOT_IN_LANGUAGE)}
            </Typography.Paragraph>
          )}
          <DocFrame url={links.data?.[doc]} title={t(current[2])} onRefused={() => links.refetch()} />
        </>
      )}
    </KioskLayout>
  );
}
