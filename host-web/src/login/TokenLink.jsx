// The pages a mailed single-use link opens (/login/reset/{token}, /login/email/{token}):
// the link is checked first (spinner), then the page's form, its refusal, or its
// success text, each with 'Back to Login'. One hook and one frame for both.
import { useState } from 'react';
import { Alert, Button, Form, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, formFields, useT } from '@plantdoc/kit/core';

export function BackToLogin() {
  const t = useT('host');
  return (
    <Link to="/login/">
      <Button type="primary" block>
        {t('Back to Login')}
      </Button>
    </Link>
  );
}

/** `path(token)` is the link's API path (GET checks it, POST uses it); `fields` are the
 *  form's own field names. `submit(values)` answers nothing; the state says what came. */
export function useTokenLink(key, path, fields) {
  const { token } = useParams();
  const [form] = Form.useForm();
  const [outcome, setOutcome] = useState({ token: null, state: null, message: null }); // after a submit
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState(null);
  const check = useQuery({
    queryKey: ['core', key, token],
    // A refused link is an answer, not a failure.
    queryFn: () => api.get(path(token), { skipUnauthorized: true }).catch(() => ({ valid: false })),
    gcTime: 0,
  });
  let state = check.isPending ? 'checking' : check.data?.valid ? 'valid' : 'invalid';
  if (outcome.token === token && outcome.state) state = outcome.state;

  const submit = async (values) => {
    setBusy(true);
    setNotice(null);
    try {
      const res = await api.post(path(token), values, { skipUnauthorized: true });
      setOutcome({ token, state: 'success', message: res?.message });
    } catch (err) {
      const errs = err.fields || {};
      if (errs.token) {
        setOutcome({ token, state: 'invalid', message: null });
      } else {
        form.setFields(formFields(errs, fields));
        if (!fields.some((f) => errs[f])) setNotice(errs.email || err.message);
      }
    } finally {
      setBusy(false);
    }
  };
  return { form, state, data: check.data, message: outcome.message, busy, notice, submit };
}

/** The spinner, the refusal or the success text; `null` while the form is to show. */
export function TokenLinkFrame({ state, testId, invalid, done }) {
  if (state === 'checking') {
    return (
      <div style={{ textAlign: 'center', padding: 32 }} data-testid={testId}>
        <Spin size="large" />
      </div>
    );
  }
  if (state === 'valid') return null;
  return (
    <div>
      {state === 'invalid' ? <Alert type="error" showIcon title={invalid} style={{ marginBottom: 16 }} /> : <Typography.Paragraph>{done}</Typography.Paragraph>}
      <BackToLogin />
    </div>
  );
}
