// /login/reset/{token}: the token is checked first (spinner), then the new-password form,
// 'Invalid or expired token.', or the success text.
import { Button, Form, Typography } from 'antd';
import { NewPasswordFields } from './NewPasswordFields';
import { TokenLinkFrame, useTokenLink } from './TokenLink';

export const INVALID_TOKEN = 'Invalid or expired token.';
export const RESET_DONE = 'Thanks! Your password was successfully changed.';

const resetPath = (token) => `/api/users/resetPassword/${encodeURIComponent(token)}`;

export function ResetPassword() {
  const link = useTokenLink('reset-token', resetPath, ['password', 'password2']);
  if (link.state !== 'valid') {
    return <TokenLinkFrame state={link.state} testId="reset-checking" invalid={INVALID_TOKEN} done={RESET_DONE} />;
  }
  return (
    <Form
      form={link.form}
      layout="vertical"
      onFinish={({ password = '', password2 = '' }) => link.submit({ password, password2 })}
      requiredMark={false}
      name="reset"
    >
      <Typography.Paragraph>Enter your new password</Typography.Paragraph>
      <NewPasswordFields notice={link.notice} />
      <Button type="primary" htmlType="submit" block loading={link.busy}>
        Submit
      </Button>
    </Form>
  );
}
