// /login/reset/{token}: the token is checked first (spinner), then the new-password form,
// 'Invalid or expired token.', or the success text.
import { Button, Form, Typography } from 'antd';
import { NewPasswordFields } from './NewPasswordFields';
import { k, useT } from '@plantdoc/kit/core';
import { TokenLinkFrame, useTokenLink } from './TokenLink';

export const INVALID_TOKEN = k('Invalid or expired token.');
export const RESET_DONE = k('Thanks! Your password was successfully changed.');

const resetPath = (token) => `/api/users/resetPassword/${encodeURIComponent(token)}`;

export function ResetPassword() {
  const t = useT('host');
  const link = useTokenLink('reset-token', resetPath, ['password', 'password2']);
  if (link.state !== 'valid') {
    return <TokenLinkFrame state={link.state} testId="reset-checking" invalid={t(INVALID_TOKEN)} done={t(RESET_DONE)} />;
  }
  return (
    <Form
      form={link.form}
      layout="vertical"
      onFinish={({ password = '', password2 = '' }) => link.submit({ password, password2 })}
      requiredMark={false}
      name="reset"
    >
      <Typography.Paragraph>{t('Enter your new password')}</Typography.Paragraph>
      <NewPasswordFields notice={link.notice} />
      <Button type="primary" htmlType="submit" block loading={link.busy}>
        {t('Submit')}
      </Button>
    </Form>
  );
}
