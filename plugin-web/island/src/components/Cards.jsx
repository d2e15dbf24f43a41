// The two centred cards of both acknowledgement flows: the verifier's badge scan and the
// result with Back to Status; and the sitting's verification (one scan, every item read).
import { useState } from 'react';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, serverUnreachable, translate, useT } from '@plantdoc/kit';
import { BadgeInput } from './BadgeInput';
import { PinInput, usePinMode } from './Pin';
import { PENDING_TEXT, send } from '../outbox';
import { partPath } from '../state';
import { dropRead, getSitting } from '../sitting';

const CARD = { maxWidth: 560, margin: '48px auto', textAlign: 'center' };

/** onCancel: the way back to what was being read (no dead end: plugins/island/README.md
 * item 16). In badge+pin, onBadge(badge, {pin, newPin}) once the PIN is typed. */
export function VerifyCard({ prompt, onBadge, note, onCancel, children }) {
  const t = useT('island');
  const pin = usePinMode();
  const [badge, setBadge] = useState('');
  // badge+pin: the badge is sent first without a PIN. A badge that may not verify (the
  // operator's own, a clerk's, an unknown one) is refused at once and the field stays a
  // badge field; only the server's 'enter your PIN' (400 `pin`) turns it into the PIN field.
  // Offline nothing can answer 'enter your PIN': the PIN field comes at once (decision 122).
  const probe = (b) =>
    serverUnreachable()
      ? Promise.resolve(setBadge(b))
      : onBadge(b, null).catch((e) => {
          if (!e?.fields?.pin) throw e;
          setBadge(b);
        });
  return (
    <Card style={CARD}>
      <Typography.Title level={2} style={{ fontSize: 24 }}>
        {t('Verification Required')}
      </Typography.Title>
      <Typography.Paragraph>{prompt}</Typography.Paragraph>
      {children}
      {badge ? (
        <PinInput sign={(p) => onBadge(badge, p)} signer={{ badge }} />
      ) : (
        <>
          <Typography.Paragraph strong>{t('Scan your badge to verify')}</Typography.Paragraph>
          <BadgeInput onBadge={pin ? probe : onBadge} />
        </>
      )}
      {note && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t(note)} />}
      {onCancel && (
        <Button size="large" style={{ marginTop: 16 }} onClick={onCancel}>
          {t('Cancel')}
        </Button>
      )}
    </Card>
  );
}

/** The result, and Back to Status with fresh statuses. */
export function DoneCard({ title, lines, partId }) {
  const t = useT('island');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card style={CARD}>
      <Typography.Title level={2} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      {lines.map((l) => (
        <Typography.Paragraph key={l}>{l}</Typography.Paragraph>
      ))}
      <Button
        type="primary"
        size="large"
        onClick={() => {
          // Reset, not invalidate: stale statuses must not show (or be clicked) meanwhile.
          queryClient.resetQueries({ queryKey: ['island'] });
          // The part and its sign history are the kit's calls, under the swp module's keys.
          queryClient.resetQueries({ queryKey: ['swp'] });
          navigate(partPath('operator-status', partId));
        }}
      >
        {t('Back to Status')}
      </Button>
    </Card>
  );
}

const label = (i) =>
  i.kind === 'swp' ? translate('island', 'Instructions for part {{part}}', { part: i.label }) : translate('island', 'Alert {{tag}}', { tag: i.label });

/** The spec's prompt for one item; a list for several. */
function sittingPrompt(name, items) {
  if (items.length > 1) return translate('island', 'Please confirm {{name}} has read all of these:', { name });
  const [i] = items;
  return i?.kind === 'alert'
    ? translate('island', 'Please confirm {{name}} has read all the alert {{tag}}', { name, tag: i.label })
    : translate('island', 'Please confirm {{name}} has read all the instructions for part {{part}}', { name, part: i?.label });
}

/**
 * One verifier scan per sitting (decision 59): every item the operator read and no one has
 * verified yet is listed; one badge sends the spec's verify call for each, in turn, each
 * its own signature and audit row. `more`: [label, onClick] of what is still to read.
 */
export function SittingVerify({ op, onVerified, onCancel, more = [] }) {
  const t = useT('island');
  const [items] = useState(getSitting);
  const [done, setDone] = useState([]);
  const [note, setNote] = useState('');
  const verify = async (badgeNo, secret) => {
    setNote('');
    // Offline, the verifier rule is checked on the netbook too (decision 122).
    if (serverUnreachable()) {
      const why = await import('../offline/answers').then((m) => m.offlineVerifierRefusal(badgeNo, op._id));
      if (why) throw new ApiError(403, { error: why });
    }
    for (const i of items.filter((x) => !done.includes(x.id))) {
      const body = i.kind === 'swp' ? { swpId: i.id, opName: op.fullName, partNumber: i.label, currentSquares: 5 } : { alertId: i.id };
      try {
        await send(`/api/island/verify-${i.kind}`, { badgeNo, opId: op._id, ...body }, (text) => setNote(text || PENDING_TEXT), secret);
      } catch (e) {
        // Nothing left to verify (done elsewhere, or the alert is no longer in force):
        // shown, and the others go on. A refused verifier stops here.
        if (e?.status !== 409) throw e;
        setNote(`${label(i)}: ${e.message}`);
      }
      // A one-time PIN was replaced by the first call: the new one signs the others.
      if (secret?.newPin) secret = { pin: secret.newPin };
      dropRead(i.id);
      setDone((d) => [...d, i.id]);
    }
    onVerified(items);
  };
  return (
    <VerifyCard prompt={sittingPrompt(op.fullName, items)} onBadge={verify} note={note} onCancel={onCancel}>
      {items.length > 1 && (
        <ul aria-label={t('Being verified')} style={{ textAlign: 'left', fontSize: 16 }}>
          {items.map((i) => (
            <li key={i.id}>
              {label(i)}
              {done.includes(i.id) ? ` ${t('(verified)')}` : ''}
            </li>
          ))}
        </ul>
      )}
      {more.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          {more.map(([text, onClick]) => (
            <Button key={text} size="large" onClick={onClick}>
              {text}
            </Button>
          ))}
        </Space>
      )}
    </VerifyCard>
  );
}

/** The result lines of a sitting's verification (the spec's texts per kind). */
export function verifiedLines(name, partNumber, tags) {
  const lines = [];
  if (partNumber) lines.push(translate('island', '{{name}} has successfully been verified for part number {{part}}', { name, part: partNumber }));
  if (tags.length) lines.push(translate('island', '{{name}} has read the necessary alert ({{tags}}) for this part number', { name, tags: tags.join(', ') }));
  return lines;
}
