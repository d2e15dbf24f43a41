// Settings → Account (decision 75): the signed-in person chooses their language. The
// server keeps it (POST /api/users/lang {lang}, audited) and answers the user object,
// which becomes the session's user: the console's i18n follows `user.lang`. No client
// rules: the server's field error appears under the field.
import { useState } from 'react';
import { Alert, Button, Form, Typography } from 'antd';
import { LanguageSelect, formFields, k, setSessionUser, useSession, useT } from '@plantdoc/kit';
import { useSetLanguage } from '../api';

export const LANGUAGE_SAVED = k('Your language is saved.');

export function AccountLanguage() {
  const t = useT('users');
  const { user } = useSession();
  const [form] = Form.useForm();
  const setLanguage = useSetLanguage();
  const [done, setDone] = useState(false);
  const onFinish = ({ lang }) => {
    setDone(false);
    setLanguage.mutate(
      { lang: lang || '' },
      {
        onSuccess: (answer) => {
          if (answer && typeof answer === 'object') setSessionUser(answer);
          setDone(true);
        },
        onError: (err) => form.setFields(formFields(err?.fields || { lang: err?.message }, ['lang'])),
      },
    );
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      style={{ maxWidth: 360, marginBottom: 32 }}
      requiredMark={false}
      initialValues={{ lang: user?.lang || 'en' }}
    >
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('Language')}
      </Typography.Title>
      <Form.Item name="lang" label={t('Language')}>
        <LanguageSelect />
      </Form.Item>
      {done && <Alert type="success" showIcon title={t(LANGUAGE_SAVED)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={setLanguage.isPending}>
        {t('Save language')}
      </Button>
    </Form>
  );
}
