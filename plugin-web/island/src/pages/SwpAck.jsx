// /island/swp-ack?part=&doc=&read=&verify=: read the SWC, JES and VIS, then a verifier
// scans their badge (spec "Instruction acknowledgement screen"). Progress lives in the
// URL; the read and the verification go through the outbox, so neither is lost.
import { useEffect, useState } from 'react';
import { Button, Card, Space, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useSignedLinks } from '@plantdoc/kit';
import { linksSource, useDeployedSwp } from '../api';
import { DoneCard, VerifyCard } from '../components/Cards';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { LeaveButtons } from '../components/SignOut';
import { PENDING_TEXT, send } from '../outbox';
import { useOperator } from '../state';

export const DOCS = [
  ['swc', 'SWC', 'Standard Work Chart'],
  ['jes', 'JES', 'Job Element Sheet'],
  ['vis', 'VIS', 'Visual Inspection Sheet'],
];
export const CONTENT_HEIGHT = 660;

function Progress({ read, doc, go }) {
  return (
    <Card size="small" title="Your Progress">
      <Space>
        {DOCS.map(([id, short]) => (
          <Button
            key={id}
            aria-pressed={doc === id}
            onClick={() => go({ doc: id, step: null })}
            style={{ background: read.includes(id) ? '#237804' : '#a8071a', color: '#fff', fontWeight: doc === id ? 700 : 400 }}
          >
            {short}
          </Button>
        ))}
      </Space>
    </Card>
  );
}

function Verification({ op, part, onVerified, onCancel }) {
  const [note, setNote] = useState('');
  const verify = async (badgeNo) => {
    setNote('');
    const body = { badgeNo, opId: op._id, swpId: part._id, opName: op.fullName, partNumber: part.partNumber, currentSquares: 5 };
    await send('/api/island/verify-swp', body, () => setNote(PENDING_TEXT));
    onVerified();
  };
  return <VerifyCard prompt={`Please confirm ${op.fullName} has read all the instructions for part ${part.partNumber}`} onBadge={verify} note={note} onCancel={onCancel} />;
}

export function SwpAck() {
  const [params, setParams] = useSearchParams();
  const partId = params.get('part');
  const op = useOperator();
  const part = useDeployedSwp(partId);
  const links = useSignedLinks({ ...linksSource(part.data?._id), enabled: Boolean(part.data?._id) });
  const read = (params.get('read') || '').split(',').filter(Boolean);
  const doc = params.get('doc') || DOCS.find(([id]) => !read.includes(id))?.[0] || 'swc';
  const step = params.get('step');
  const [sent, setSent] = useState('');
  const go = (patch, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v == null) next.delete(k); else next.set(k, v);
    setParams(next, { replace });
  };
  const allRead = DOCS.every(([id]) => read.includes(id));
  useEffect(() => {
    if (!allRead || !part.data || step === 'verified') return;
    // One read per operator and version: the server keeps one unverified record.
    send('/api/island/operator-read-swp', { opId: op._id, swpId: part.data._id }, () => setSent(PENDING_TEXT))
      .then(() => setSent(''))
      .catch((e) => setSent(e.message));
  }, [allRead, part.data?._id]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!part.data) return <Spin tip="Loading.." style={{ display: 'block', marginTop: 64 }}><div /></Spin>;
  if (step === 'verified') {
    return <DoneCard title="Successfully Verified" lines={[`${op.fullName} has successfully been verified for part number ${part.data.partNumber}`]} partId={partId} />;
  }
  const current = DOCS.find(([id]) => id === doc) || DOCS[0];
  // Verification mode: the badge view on the left, 'Show SWP' in the sidebar (spec).
  const verifying = step === 'verify' && allRead;
  const markRead = () => {
    const nextRead = [...new Set([...read, doc])];
    const nextDoc = DOCS.find(([id]) => !nextRead.includes(id))?.[0] || doc;
    go({ read: nextRead.join(','), doc: nextDoc });
  };
  const sidebar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>Part {part.data.partNumber}</Typography.Title>
      {part.data.changes ? (
        <Card size="small" title="Changes:">
          {part.data.changes}
        </Card>
      ) : null}
      <Progress read={read} doc={doc} go={go} />
      {allRead ? (
        <Card size="small" title="Verification">
          <Typography.Paragraph strong>Awaiting Verification</Typography.Paragraph>
          {sent && <Typography.Paragraph type="warning">{sent}</Typography.Paragraph>}
          {verifying ? (
            <Button type="primary" onClick={() => go({ step: null })}>
              Show SWP
            </Button>
          ) : (
            <Button type="primary" onClick={() => go({ step: 'verify' })}>
              Verify Operator
            </Button>
          )}
        </Card>
      ) : (
        <Card size="small" title={current[2]}>
          <Button type="primary" disabled={read.includes(doc)} onClick={markRead}>
            I have read the {current[1]}
          </Button>
        </Card>
      )}
      <LeaveButtons partId={partId} />
    </Space>
  );
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      {verifying ? (
        <Verification op={op} part={part.data} onVerified={() => go({ step: 'verified' }, true)} onCancel={() => go({ step: null })} />
      ) : (
        <DocFrame url={links.data?.[doc]} title={current[2]} onRefused={() => links.refetch()} />
      )}
    </KioskLayout>
  );
}
