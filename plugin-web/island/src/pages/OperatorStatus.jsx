// /island/operator-status?part=: name, training, alerts and instructions cards (spec
// section 4). Continue only when none is in error, else Back; levels -1 and 0 show only
// name, training and alerts. The page follows the live event stream (decision 66): a new
// alert in force for the zone or a new revision of the part shows without a reload.
// Where the training gate refuses the part, a team lead may grant a waiver here
// (components/Waiver.jsx, its own chunk).
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Card, Col, Row, Spin, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { getKioskSettings, k, useLiveUpdates, useT } from '@plantdoc/kit';
import { useQueryClient } from '@tanstack/react-query';
import { useDeployedSwp, useKioskConfig, useOperatorAlerts, useOperatorStatus } from '../api';
import { ALERTS_FAILED, COLOURS, TRAINING_TEXT, statuses } from '../components/status';
import { partPath, useOperator } from '../state';
import { addRead } from '../sitting';
import { SignOutButton } from '../components/SignOut';

function StatusCard({ title, colour, text, onClick }) {
  return (
    <Card
      hoverable={Boolean(onClick)}
      onClick={onClick}
      role={onClick ? 'button' : undefined}
      tabIndex={onClick ? 0 : undefined}
      data-status={colour}
      style={{ borderTop: `6px solid ${COLOURS[colour] || '#1677ff'}`, height: '100%' }}
    >
      <Typography.Title level={3} style={{ fontSize: 20 }}>
        {title}
      </Typography.Title>
      <Typography.Text style={{ color: COLOURS[colour] }}>{text}</Typography.Text>
    </Card>
  );
}

const WaiverCard = lazy(() => import('../components/Waiver').then((m) => ({ default: m.WaiverCard })));

export const NEW_REVISION = k('A new revision of these instructions was deployed.');

export function OperatorStatus() {
  const t = useT('island');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const partId = params.get('part');
  const op = useOperator();
  const part = useDeployedSwp(partId);
  const status = useOperatorStatus(op?._id, part.data?._id);
  const zone = getKioskSettings().zone;
  const alerts = useOperatorAlerts(zone, op?._id, part.data?.partNumber);
  const [revised, setRevised] = useState(false);
  const [waiving, setWaiving] = useState(false);
  const queryClient = useQueryClient();
  const waiverMaxDays = useKioskConfig().data?.waiverMaxDays ?? 0;
  useLiveUpdates({ onEvent: (e) => e.kind === 'swp.deployed' && e.data?.partNumber === part.data?.partNumber && setRevised(true) });
  useEffect(() => {
    if (!zone) navigate('/island/error/zone', { replace: true });
  }, [zone, navigate]);
  useEffect(() => {
    if (status.data && window.__partChosenAt) {
      // Part chosen → status page shown (printed by the browser test).
      window.__statusShownMs = Math.round(performance.now() - window.__partChosenAt);
      window.__partChosenAt = null;
    }
  }, [status.data]);
  if (part.isError || status.isError) {
    return (
      <Card style={{ maxWidth: 640, margin: '64px auto' }}>
        <Typography.Paragraph role="alert">{(part.error || status.error)?.message || t("Can't fetch SWP data")}</Typography.Paragraph>
        <Button onClick={() => navigate('/island/part-select')}>{t('Back')}</Button>
      </Card>
    );
  }
  if (!status.data || alerts.isLoading)
    return (
      <Spin tip={t('Loading..')} style={{ display: 'block', marginTop: 64 }}>
        <div />
      </Spin>
    );
  // Alerts that could not be loaded are alerts not read: the card says so and blocks.
  const alertsFailed = alerts.isError;
  const s = statuses({ ...status.data, alertsRead: !alertsFailed && !(alerts.data || []).length });
  // A read signed and awaiting its verification resumes at 'Verify Operator' (it is
  // part of this sitting's verification), never at reading and signing again.
  const openInstructions = () => {
    if (!status.data.awaitingVerification) return navigate(partPath('swp-ack', partId));
    addRead({ kind: 'swp', id: part.data._id, label: part.data.partNumber });
    navigate(partPath('swp-ack', partId, { read: 'swc,jes,vis', step: 'verify' }));
  };
  const limited = s.level <= 0;
  if (waiving) {
    return (
      <Suspense fallback={<Spin size="large" style={{ display: 'block', marginTop: 64 }} />}>
        <WaiverCard
          op={op}
          partNumber={part.data.partNumber}
          maxDays={waiverMaxDays}
          onCancel={() => setWaiving(false)}
          onDone={() => {
            // Reset, not invalidate: the refused status must not show meanwhile.
            queryClient.resetQueries({ queryKey: ['island'] });
            setWaiving(false);
          }}
        />
      </Suspense>
    );
  }
  const blocked = [s.training, s.alerts, s.instructions].includes('error');
  const cards = [
    <StatusCard key="name" title={t('Operator')} colour="info" text={`${op.fullName} (${op.opNo || ''})`} />,
    <StatusCard
      key="training"
      title={t('Training')}
      colour={s.training}
      text={
        <>
          {t('Level {{level}}: {{text}}', { level: s.level, text: TRAINING_TEXT[s.level] ? t(TRAINING_TEXT[s.level]) : '' })}
          {/* Why the level in effect is not the level set (expiry, no practice, a new
              release, a waiver's end): the server's words, in the kiosk's language. */}
          {status.data.trainingReason && <span style={{ display: 'block', marginTop: 4 }}>{status.data.trainingReason}</span>}
        </>
      }
    />,
    <StatusCard
      key="alerts"
      title={t('Alerts')}
      colour={s.alerts}
      text={
        alertsFailed ? (
          <span role="alert">{t(ALERTS_FAILED)}</span>
        ) : s.alerts === 'success' ? (
          t('No alerts to read')
        ) : (
          t('{{count}} alert(s) to read', { count: alerts.data.length })
        )
      }
      onClick={s.alerts === 'error' && !alertsFailed ? () => navigate(partPath('alert-ack', partId)) : undefined}
    />,
  ];
  if (!limited) {
    cards.push(
      <StatusCard
        key="instructions"
        title={t('Instructions')}
        colour={s.instructions}
        text={
          <>
            {s.instructions === 'success'
              ? t('Instructions read')
              : status.data.awaitingVerification
                ? t('Awaiting Verification')
                : t('Please read the instructions')}
            {revised && <div data-testid="new-revision">{t(NEW_REVISION)}</div>}
          </>
        }
        onClick={s.instructions === 'error' ? openInstructions : undefined}
      />,
    );
  }
  return (
    <div style={{ maxWidth: 1200, margin: '24px auto' }}>
      <Typography.Title level={2}>{t('Part {{part}}', { part: part.data.partNumber })}</Typography.Title>
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} span={limited ? 8 : 6}>
            {c}
          </Col>
        ))}
      </Row>
      <div style={{ marginTop: 24 }}>
        {blocked || limited ? (
          <>
            <Button size="large" onClick={() => navigate('/island/part-select')}>
              {t('Back')}
            </Button>
            {alertsFailed && (
              <Button size="large" style={{ marginLeft: 16 }} onClick={() => alerts.refetch()}>
                {t('Try again')}
              </Button>
            )}
            {limited && waiverMaxDays > 0 && (
              <Button size="large" style={{ marginLeft: 16 }} onClick={() => setWaiving(true)}>
                {t('Grant a waiver')}
              </Button>
            )}
          </>
        ) : (
          <Button size="large" type="primary" onClick={() => navigate(partPath('interface', partId))}>
            {t('Continue')}
          </Button>
        )}
        <div style={{ maxWidth: 240, marginTop: 16 }}>
          <SignOutButton />
        </div>
      </div>
    </div>
  );
}
