// A waiver of the training gate at the kiosk (plugins/island/README.md item 25): where the
// gate refuses the operator's part, a team lead enters the reason and the days (1 to the
// training module's waiver_max_days), then scans their own badge (and PIN in badge+pin)
// to let the operator run the part until the waiver ends. The server checks everything;
// its field errors show under the reason and the days, any other refusal under the badge
// field. While this card is shown a scan is the lead's, never a new operator (BadgeSwap).
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { api, formatDate, k, useT } from '@plantdoc/kit';
import { BadgeInput } from './BadgeInput';
import { PinInput, usePinMode } from './Pin';
import { useShownBadgeField } from './badgeField';

export const CHECK_FIELDS = k('Please check the reason and the days.');
const CARD = { maxWidth: 640, margin: '24px auto' };
// Days as buttons while they fit a 1024 px screen; a number field past that.
const MAX_BUTTONS = 10;

/** POST /api/island/waiver {badgeNo, opId, partNumber, reason, days, pin, newPin}. */
export const grantWaiver = (body) => api.post('/api/island/waiver', body);

function DaysField({ max, value, onChange }) {
  const t = useT('island');
  if (max > MAX_BUTTONS) {
    return <InputNumber id="waiver-days" size="large" min={1} max={max} value={value} onChange={(v) => onChange(v ?? 1)} style={{ width: 160 }} />;
  }
  return (
    <Radio.Group
      aria-label={t('Days')}
      optionType="button"
      buttonStyle="solid"
      size="large"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={Array.from({ length: max }, (_, i) => ({ label: String(i + 1), value: i + 1 }))}
    />
  );
}

/**
 * `op` the operator at the netbook, `partNumber` the part the gate refused, `maxDays` the
 * longest waiver; `onDone` after the lead has read the result (the status is read again),
 * `onCancel` back to the status without a waiver.
 */
export function WaiverCard({ op, partNumber, maxDays, onDone, onCancel }) {
  const t = useT('island');
  const pinMode = usePinMode();
  const [step, setStep] = useState('form');
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(1);
  const [errors, setErrors] = useState({});
  const [badge, setBadge] = useState('');
  const [granted, setGranted] = useState(null);
  // A scan anywhere on this card is the lead's badge, never a new operator.
  useShownBadgeField();

  const grant = async (badgeNo, secret) => {
    try {
      const w = await grantWaiver({ badgeNo, opId: op._id, partNumber, reason, days, ...(secret || {}) });
      setGranted(w);
      setStep('done');
    } catch (e) {
      const f = e?.fields || {};
      if (f.reason || f.days) {
        // The lead corrects the fields, then scans again.
        setErrors({ reason: f.reason, days: f.days });
        setBadge('');
        setStep('form');
        return;
      }
      throw e;
    }
  };
  // badge+pin: the badge first without a PIN; only the server's 'enter your PIN' (400 pin)
  // turns the field into the PIN field (as the verification's card does).
  const probe = (b) =>
    grant(b, null).catch((e) => {
      if (!e?.fields?.pin) throw e;
      setBadge(b);
    });

  if (step === 'done') {
    return (
      <Card style={CARD} data-testid="waiver-granted">
        <Typography.Title level={2} style={{ fontSize: 24 }}>
          {t('Waiver granted')}
        </Typography.Title>
        <Typography.Paragraph>
          {t('{{name}} may run part {{part}} until {{end}}.', { name: op.fullName, part: partNumber, end: formatDate(granted?.ends) })}
        </Typography.Paragraph>
        <Button type="primary" size="large" onClick={onDone}>
          {t('Back to Status')}
        </Button>
      </Card>
    );
  }

  const title = (
    <>
      <Typography.Title level={2} style={{ fontSize: 24 }}>
        {t('Training waiver')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('{{name}} may run part {{part}} for the days chosen. A team lead grants it with their own badge.', { name: op.fullName, part: partNumber })}
      </Typography.Paragraph>
    </>
  );

  if (step === 'badge') {
    return (
      <Card style={CARD}>
        {title}
        <Typography.Paragraph>
          <strong>{t('Reason')}:</strong> {reason}
          <br />
          <strong>{t('Days')}:</strong> {days}
        </Typography.Paragraph>
        {badge ? (
          <PinInput sign={(p) => grant(badge, p)} />
        ) : (
          <>
            <Typography.Paragraph strong>{t('Team lead: scan your badge to grant the waiver')}</Typography.Paragraph>
            <BadgeInput onBadge={pinMode ? probe : (b) => grant(b, null)} />
          </>
        )}
        <Space style={{ marginTop: 16 }}>
          <Button
            size="large"
            onClick={() => {
              setBadge('');
              setStep('form');
            }}
          >
            {t('Back')}
          </Button>
          <Button size="large" onClick={onCancel}>
            {t('Cancel')}
          </Button>
        </Space>
      </Card>
    );
  }

  const failed = errors.reason || errors.days;
  return (
    <Card style={CARD}>
      {title}
      {failed && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t(CHECK_FIELDS)} />}
      <Form layout="vertical" component="div">
        <Form.Item label={t('Reason')} htmlFor="waiver-reason" validateStatus={errors.reason ? 'error' : undefined} help={errors.reason}>
          <Input.TextArea
            id="waiver-reason"
            rows={3}
            maxLength={500}
            autoFocus
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors((x) => ({ ...x, reason: undefined }));
            }}
          />
        </Form.Item>
        <Form.Item
          label={t('Days')}
          htmlFor={maxDays > MAX_BUTTONS ? 'waiver-days' : undefined}
          validateStatus={errors.days ? 'error' : undefined}
          help={errors.days}
        >
          <DaysField
            max={maxDays}
            value={days}
            onChange={(d) => {
              setDays(d);
              setErrors((x) => ({ ...x, days: undefined }));
            }}
          />
        </Form.Item>
      </Form>
      <Space>
        <Button type="primary" size="large" onClick={() => setStep('badge')}>
          {t('Continue')}
        </Button>
        <Button size="large" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </Space>
    </Card>
  );
}
