// Settings → Account (issue 28 item 1): the signed-in person sets their signature PIN,
// the second component of a kiosk signature where the plant asks for badge + PIN. The
// password confirms it is them; the PIN is never shown back. No client rules: the
// server's field errors appear under the fields.
import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { formFields, k, useT } from '@plantdoc/kit';
import { useSetPin } from '../api';

export const PIN_SAVED = k('Your PIN is saved. Use it after your badge at the kiosk.');

export function AccountPin() {
  const t = useT('users');
  const [form] = Form.useForm();
  const setPin = useSetPin();
  const [done, setDone] = useState(false);
  const onFinish = (values) => {
    setDone(false);
    setPin.mutate(
      { pin: values.pin || '', password: values.password || '' },
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
      <Typography.Title level={5}>{t('Signature PIN')}</Typography.Title>
      <Typography.Paragraph>{t('4 to 8 digits, typed after your badge when you sign at the kiosk.')}</Typography.Paragraph>
      <Form.Item name="pin" label={t('New PIN')}>
        <Input.Password inputMode="numeric" maxLength={8} autoComplete="off" />
      </Form.Item>
      <Form.Item name="password" label={t('Your password')}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {done && <Alert type="success" showIcon title={t(PIN_SAVED)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={setPin.isPending}>
        {t('Save PIN')}
      </Button>
    </Form>
  );
}
