// Settings → Account (issue 29 item 3): the signed-in person chooses their language. The
// server keeps it (POST /api/users/lang {lang}, audited) and answers the user object,
// which becomes the session's user: the console's i18n follows `user.lang`. No client
// rules: the server's field error appears under the field.
import { useState } from 'react';
import { Alert, Button, Form, Select, Typography } from 'antd';
import { formFields, setSessionUser, useSession } from '@plantdoc/kit';
import { useSetLanguage } from '../api';

/** The languages shipped, each named in itself. */
export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'pl', label: 'Polski' },
];
export const LANGUAGE_SAVED = 'Your language is saved.';

export function AccountLanguage() {
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
      <Typography.Title level={5}>Language</Typography.Title>
      <Form.Item name="lang" label="Language">
        <Select options={LANGUAGES} />
      </Form.Item>
      {done && <Alert type="success" showIcon title={LANGUAGE_SAVED} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={setLanguage.isPending}>
        Save language
      </Button>
    </Form>
  );
}
