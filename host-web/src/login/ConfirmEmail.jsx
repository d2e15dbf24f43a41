// /login/email/{token}: a new e-mail asked for by a manager takes effect only when its
// owner confirms it here with their own password (decision 47). The link is checked first
// (spinner), then the password form, 'Invalid or expired link.', or the success text.
import { Alert, Button, Form, Input, Typography } from 'antd';
import { k, useT } from '@plantdoc/kit/core';
import { TokenLinkFrame, useTokenLink } from './TokenLink';

export const INVALID_LINK = k('Invalid or expired link.');
// The new address is shown in bold inside the translated sentence: the sentence is
// translated whole, with a mark where the address goes.
const MARK = '\u0000';

const confirmPath = (token) => `/api/users/confirmEmail/${encodeURIComponent(token)}`;

export function ConfirmEmail() {
  const t = useT('host');
  const link = useTokenLink('email-token', confirmPath, ['password']);
  if (link.state !== 'valid') {
    return <TokenLinkFrame state={link.state} testId="email-checking" invalid={t(INVALID_LINK)} done={link.message} />;
  }
  const [before, after = ''] = t('Your e-mail is to change to {{email}}. Enter your Plantdoc password to confirm.', { email: MARK }).split(MARK);
  return (
    <Form form={link.form} layout="vertical" onFinish={({ password = '' }) => link.submit({ password })} requiredMark={false} name="confirm-email">
      <Typography.Paragraph>
        {before}
        <strong>{link.data.email}</strong>
        {after}
      </Typography.Paragraph>
      {link.notice && <Alert type="error" showIcon title={link.notice} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('Password')} name="password">
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={link.busy}>
        {t('Confirm')}
      </Button>
    </Form>
  );
}
