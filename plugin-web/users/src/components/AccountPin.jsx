// Settings → Account (decision 63): the signed-in person sets their signature PIN,
// the second component of a kiosk signature where the plant asks for badge + PIN. The
// password confirms it is them; where the plant signs in through a provider, a fresh
// sign-in there does instead (a person who signs in only that way has no password): the
// button leaves for the provider and comes back here, and the next PIN needs no password
// (security decision 92). The PIN is never shown back. The rules are shown; the server
// checks them, and its field errors appear under the fields.
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { formFields, k, useT } from '@plantdoc/kit';
import { usePinConfirm, useSetPin } from '../api';

export const PIN_SAVED = k('Your PIN is saved. Use it after your badge at the kiosk.');
/** The server's rules (decision 100), shown before a PIN is typed. */
export const PIN_RULES = k('Not your badge or operator number, not one digit repeated (1111), not a run like 1234 or 4321.');
export const CONFIRMED = k('Confirmed with {{provider}}. Choose your PIN now: no password is needed.');
/** The provider's sign-in, back to this tab. */
export const CONFIRM_URL = `/api/auth/oidc/login?fresh=1&back=${encodeURIComponent('/main/settings?tab=account')}`;

export function AccountPin() {
  const t = useT('users');
  const [form] = Form.useForm();
  const setPin = useSetPin();
  const how = usePinConfirm();
  const provider = how.data?.provider || null;
  const confirmed = Boolean(provider && how.data?.confirmed);
  const [done, setDone] = useState(false);
  const onFinish = (values) => {
    setDone(false);
    setPin.mutate(
      { pin: values.pin || '', password: confirmed ? '' : values.password || '' },
      {
        onSuccess: () => {
          form.resetFields();
          setDone(true);
        },
        onError: (err) => form.setFields(formFields(err?.fields || { pin: err?.message }, ['pin', 'password'])),
      },
    );
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 360 }} requiredMark={false}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('Signature PIN')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('4 to 8 digits, typed after your badge when you sign at the kiosk.')} {t(PIN_RULES)}
      </Typography.Paragraph>
      {confirmed && <Alert type="info" showIcon title={t(CONFIRMED, { provider })} style={{ marginBottom: 16 }} />}
      <Form.Item name="pin" label={t('New PIN')}>
        <Input.Password inputMode="numeric" maxLength={8} autoComplete="off" />
      </Form.Item>
      {!confirmed && (
        <Form.Item name="password" label={t('Your password')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      {provider && !confirmed && (
        <Typography.Paragraph>
          {t('No password? Confirm it is you with {{provider}} first.', { provider })}{' '}
          <Button href={CONFIRM_URL} size="small">
            {t('Confirm with {{provider}}', { provider })}
          </Button>
        </Typography.Paragraph>
      )}
      {done && <Alert type="success" showIcon title={t(PIN_SAVED)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={setPin.isPending}>
        {t('Save PIN')}
      </Button>
    </Form>
  );
}
