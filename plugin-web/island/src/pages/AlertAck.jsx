// /island/alert-ack?part=&step=&tag=: the operator reads the first alert not yet
// verified, ticks 'I have fully read the alert', Next records the read; a verifier scans
// their badge (spec "Alert acknowledgement screen"). Both go through the outbox. The
// verification lists everything read in the sitting (decision 59): the operator may read the
// next alert, or the instructions, first, and the verifier scans once.
import { useState } from 'react';
import { Button, Checkbox, Space, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Redirect, getKioskSettings, k, useT } from '@plantdoc/kit';
import { useAlertFile, useOperatorAlerts, useOperatorStatus, useDeployedSwp } from '../api';
import { NOT_IN_LANGUAGE, NOTICE_COLOR, notInLanguage, readFiles } from '../language';
import { DoneCard, SittingVerify, verifiedLines } from '../components/Cards';
import { PinInput, usePinMode } from '../components/Pin';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { LeaveButtons } from '../components/SignOut';
import { PENDING_TEXT, send } from '../outbox';
import { partPath, useOperator } from '../state';
import { addRead, getSitting } from '../sitting';
import { CONTENT_HEIGHT } from './SwpAck';
import { AlertsFailed } from '../components/AlertsFailed';

// The spec's title '{alert type} Alert', one whole phrase per alert type (keys, k).
const ALERT_TITLES = { Change: k('Change Alert'), Quality: k('Quality Alert'), Safety: k('Safety Alert'), 'New Part': k('New Part Alert') };

export function AlertAck() {
  const t = useT('island');
  const [params, setParams] = useSearchParams();
  const partId = params.get('part');
  const step = params.get('step');
  const op = useOperator();
  const navigate = useNavigate();
  const part = useDeployedSwp(partId);
  const alerts = useOperatorAlerts(getKioskSettings().zone, op?._id, part.data?.partNumber);
  const status = useOperatorStatus(op?._id, part.data?._id);
  const [ticked, setTicked] = useState(false);
  const [note, setNote] = useState('');
  const pinMode = usePinMode();
  const go = (patch) => setParams(JSON.parse(JSON.stringify({ part: partId, ...patch })));
  if (step === 'approved') {
    const tags = (params.get('tag') || '').split(',').filter(Boolean);
    const lines = [...verifiedLines(op.fullName, params.get('swp'), tags), t('Press the button to go back to the status screen')];
    return <DoneCard title={t('Alert Approved')} lines={lines} partId={partId} />;
  }
  if (alerts.isLoading || (!part.data && !part.isError))
    return (
      <Spin tip={t('Loading..')} style={{ display: 'block', marginTop: 64 }}>
        <div />
      </Spin>
    );
  if (alerts.isError)
    return (
      <div style={{ maxWidth: 640, margin: '64px auto' }}>
        <AlertsFailed retry={() => alerts.refetch()} back={() => navigate('/island/part-select')} />
      </div>
    );
  const sitting = getSitting();
  const read = sitting.map((i) => i.id);
  const unread = (alerts.data || []).filter((a) => !read.includes(a._id));
  // Cancel in the verification shows the alert last read again (?alert=).
  const alert = (alerts.data || []).find((a) => a._id === params.get('alert')) || unread[0];
  return <AlertRead {...{ alert, read, sitting, unread, status, part, step, op, go, navigate, partId, ticked, setTicked, note, setNote, pinMode }} />;
}

/** The alert in the kiosk's language (decision 82), or the verification of the sitting. */
function AlertRead({ alert, read, sitting, unread, status, part, step, op, go, navigate, partId, ticked, setTicked, note, setNote, pinMode }) {
  const t = useT('island');
  const file = useAlertFile(alert?._id);
  if (step === 'verify' && sitting.length) {
    const more = [];
    if (unread.length) more.push([t('Read the next alert'), () => go({})]);
    const swpUnread = status.data && status.data.trainingLevel > 0 && !status.data.swpRead && !read.includes(part.data?._id);
    if (swpUnread) more.push([t('Read the instructions too'), () => navigate(partPath('swp-ack', partId))]);
    const approved = (items) => {
      const tag = items
        .filter((i) => i.kind === 'alert')
        .map((i) => i.label)
        .join(',');
      const swp = items.find((i) => i.kind === 'swp')?.label;
      go({ step: 'approved', tag, ...(swp ? { swp } : {}) });
    };
    const sidebar = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {sitting.length > 1 ? t('Verification') : sitting[0].label}
        </Typography.Title>
        <LeaveButtons partId={partId} />
      </Space>
    );
    return (
      <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
        <SittingVerify op={op} onVerified={approved} onCancel={() => go({ alert: sitting.filter((i) => i.kind === 'alert').pop()?.id })} more={more} />
      </KioskLayout>
    );
  }
  if (!alert) return read.length ? <Redirect to={partPath('alert-ack', partId, { step: 'verify' })} /> : <Redirect to="/island" />;
  const sign = async (secret) => {
    setNote('');
    const files = readFiles(file.data?.served && { alert: file.data.served }, ['alert']);
    const body = { opId: op._id, alertId: alert._id, ...(files ? { readFiles: files } : {}) };
    const ok = await send('/api/island/operator-read-alert', body, (text) => setNote(text || PENDING_TEXT), secret);
    // Not when another operator is at the netbook by the time the outbox had an answer.
    if (ok && addRead({ kind: 'alert', id: alert._id, label: alert.alertTag }, { opId: op._id })) {
      setTicked(false);
      go({ step: 'verify' });
    }
  };
  const next = () => sign().catch((e) => setNote(e.message));
  const sidebar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {alert.alertTag}
      </Typography.Title>
      <Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)}>
        {t('I have fully read the alert')}
      </Checkbox>
      {pinMode && ticked ? (
        <PinInput sign={sign} signer={{ id: op?._id }} />
      ) : (
        <Button type="primary" disabled={!ticked} onClick={next}>
          {t('Next')}
        </Button>
      )}
      {note && <Typography.Paragraph type="warning">{t(note)}</Typography.Paragraph>}
      <LeaveButtons partId={partId} />
    </Space>
  );
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      <Typography.Title level={2} style={{ fontSize: 24 }}>
        {ALERT_TITLES[alert.alertType] ? t(ALERT_TITLES[alert.alertType]) : t('{{type}} Alert', { type: alert.alertType })}
      </Typography.Title>
      {notInLanguage(file.data?.served) && (
        <Typography.Paragraph strong data-testid="not-in-language" style={{ color: NOTICE_COLOR }}>
          {t(NOT_IN_LANGUAGE)}
        </Typography.Paragraph>
      )}
      <DocFrame url={file.data?.url || alert.url} title={t('{{tag}} alert', { tag: alert.alertTag })} height={600} />
    </KioskLayout>
  );
}
