// /login/email/{token}: a new e-mail asked for by a manager takes effect only when its
// owner confirms it here with their own password (issue 25). The link is checked first
// (spinner), then the password form, 'Invalid or expired link.', or the success text.
import { Alert, Button, Form, Input, Typography } from 'antd';
import { TokenLinkFrame, useTokenLink } from './TokenLink';

export const INVALID_LINK = 'Invalid or expired link.';

const confirmPath = (token) => `/api/users/confirmEmail/${encodeURIComponent(token)}`;

export function ConfirmEmail() {
  const link = useTokenLink('email-token', confirmPath, ['password']);
  if (link.state !== 'valid') {
    return <TokenLinkFrame state={link.state} testId="email-checking" invalid={INVALID_LINK} done={link.message} />;
  }
  return (
    <Form form={link.form} layout="vertical" onFinish={({ password = '' }) => link.submit({ password })} requiredMark={false} name="confirm-email">
      <Typography.Paragraph>
        Your e-mail is to change to <strong>{link.data.email}</strong>. Enter your Plantdoc password to confirm.
      </Typography.Paragraph>
      {link.notice && <Alert type="error" showIcon title={link.notice} style={{ marginBottom: 16 }} />}
      <Form.Item label="Password" name="password">
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={link.busy}>
        Confirm
      </Button>
    </Form>
  );
}
