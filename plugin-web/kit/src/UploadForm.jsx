// The frame of every upload form (spec "Upload SWP screen", "Upload alert form", section 4
// 'Upload form'): editing, then submitting (Submit replaced by a spinner), then success
// ('Success!', the module's text and its way back); a failure returns to editing with the
// server's field errors under their fields in red, and any error of a field the form does
// not show above Submit, so none is lost. The module draws its fields as children and
// shows each error with `fieldHelp(form.errors, name)`.
//
//   const form = useUploadForm(useSubmitSwp(), { fields: FIELDS, payload: () => …, success: { text, back, onBack } });
//   <UploadForm form={form} busy={uploading} data-testid="upload-form">…fields…</UploadForm>
import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Result, Select, Spin } from 'antd';
import { fieldHelp } from './fieldHelp';
import { useZones } from './query';
import { formatDate } from './date';
import { rejectionOf } from './ReviewColumns';
import { translate, useT } from './i18n';

const kitT = (key, opts) => translate('kit', key, opts);

/** The error red of the product (WCAG AA on white). */
const RED = '#cf1322';

/** The Changes text (SWP and alert) is at most 140 characters (spec sections 5 and 9). */
export const MAX_CHANGES = 140;

/** The Changes counter: 'N characters left'. */
export function charactersLeft(text, t = kitT) {
  return t('{{count}} characters left', { count: MAX_CHANGES - (text || '').length });
}

/** A failed submission's errors: the server's field map, else one form-wide message. */
export function submitErrors(err) {
  const fields = err?.fields || {};
  return Object.keys(fields).length ? fields : { form: err?.message || translate('kit', 'The upload failed.') };
}

/**
 * The state of an upload form around its submit mutation (TanStack Query's useMutation):
 * `errors` (field → message), `submit()` (sends `payload()`), `submitting`, `done`.
 * fields: the error keys drawn under a field; success: { text, back, onBack, extra? } (text: a
 * string, or a function of the server's answer; extra(answer): more to say, above Back).
 */
export function useUploadForm(mutation, { fields, payload, success }) {
  const [errors, setErrors] = useState({});
  const submit = () => {
    setErrors({});
    mutation.mutate(payload(), {
      onError: (err) => {
        setErrors(submitErrors(err));
        // A failed validation scrolls to the first error (once it is drawn).
        setTimeout(() => document.querySelector('[data-testid^="error-"]')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }), 0);
      },
    });
  };
  return { errors, submit, submitting: mutation.isPending, done: mutation.isSuccess, answer: mutation.data, fields, success };
}

/** The Changes textarea with its 'N characters left' counter (red at 140); input past 140 is ignored. */
export function ChangesField({ value, onChange, disabled = false, errors = {}, label, name = 'changes' }) {
  const t = useT('kit');
  return (
    <Form.Item
      label={label ?? t('Changes')}
      htmlFor={name}
      {...fieldHelp(errors, name)}
      extra={
        <span data-testid="changes-counter" style={{ color: value.length >= MAX_CHANGES ? RED : undefined }}>
          {charactersLeft(value, t)}
        </span>
      }
    >
      <Input.TextArea id={name} rows={3} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value.slice(0, MAX_CHANGES))} />
    </Form.Item>
  );
}

/** The zone checkboxes of the signed-in user's company (spec section 3). */
export function ZonesField({ value, onChange, errors = {} }) {
  const options = useZones().data || [];
  const t = useT('kit');
  return (
    <Form.Item label={t('Zones')} {...fieldHelp(errors, 'zones')}>
      <Checkbox.Group options={options} value={value} onChange={onChange} data-testid="zones" />
    </Form.Item>
  );
}

/**
 * 'Uploading On Behalf Of': 'Myself' (the value `myself`), then the other process
 * engineers (`users`: [{_id, firstname, lastname}]).
 */
export function OnBehalfOfField({ value, onChange, users = [], myself, placeholder, errors = {} }) {
  const t = useT('kit');
  return (
    <Form.Item label={t('Uploading On Behalf Of')} htmlFor="onBehalfOf" {...fieldHelp(errors, 'onBehalfOf')}>
      <Select
        id="onBehalfOf"
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        style={{ width: 300 }}
        options={[{ value: myself, label: t('Myself') }, ...users.map((u) => ({ value: u._id, label: `${u.firstname} ${u.lastname}` }))]}
      />
    </Form.Item>
  );
}

/**
 * The head of a form that submits a corrected version (decision 65): which rejected document
 * it corrects (`rejected`: its list row or answer; `label` names it, e.g. 'SWP for part
 * P-1'), who rejected it, when and why; the server's `corrects` error under it.
 */
export function CorrectsNotice({ rejected, label, errors = {} }) {
  const t = useT('kit');
  const r = rejectionOf(rejected) || {};
  const said = { label, date: r.date ? formatDate(r.date) : '', reviewer: r.reviewer };
  let title = t('Corrected version of the {{label}} rejected', said);
  if (r.date && r.reviewer) title = t('Corrected version of the {{label}} rejected on {{date}} by {{reviewer}}', said);
  else if (r.date) title = t('Corrected version of the {{label}} rejected on {{date}}', said);
  else if (r.reviewer) title = t('Corrected version of the {{label}} rejected by {{reviewer}}', said);
  return (
    <Form.Item {...fieldHelp(errors, 'corrects')}>
      <Alert type="warning" showIcon data-testid="corrects-notice" title={title} description={r.note ? `“${r.note}”` : undefined} />
    </Form.Item>
  );
}

/** form: useUploadForm's answer; busy: a file still uploading (Submit waits). */
export function UploadForm({ form, busy = false, children, 'data-testid': testId }) {
  const t = useT('kit');
  const { fields, success } = form;
  const successText = typeof success.text === 'function' ? success.text(form.answer) : success.text;
  if (form.done) {
    return (
      <Result
        status="success"
        title={t('Success!')}
        subTitle={successText}
        extra={
          <>
            {success.extra?.(form.answer)}
            <Button type="primary" onClick={success.onBack}>
              {success.back}
            </Button>
          </>
        }
      />
    );
  }
  const others = Object.entries(form.errors).filter(([k]) => !fields.includes(k));
  return (
    <Form layout="vertical" style={{ maxWidth: 760 }} onFinish={form.submit} data-testid={testId}>
      {children}
      {others.length > 0 && (
        <div style={{ color: RED, marginBottom: 12 }} data-testid="error-other">
          {others.map(([k, v]) => (
            <div key={k}>{v}</div>
          ))}
        </div>
      )}
      <Form.Item>
        {form.submitting ? (
          <span data-testid="submitting">
            <Spin />
          </span>
        ) : (
          <Button type="primary" htmlType="submit" disabled={busy}>
            {t('Submit')}
          </Button>
        )}
      </Form.Item>
    </Form>
  );
}
