// The user form of Add Users and the edit screen: the spec's fields (firstname, lastname,
// email, companyCode, position, department, zones) plus badge and operator number. No
// client rules (spec section 5): the server's field errors appear under the fields. A plant
// administrator also sets the kiosk and plant administrator flags (decision 107).
import { Alert, Checkbox, Col, Form, Input, Row, Select, Spin } from 'antd';
import { LanguageSelect, formFields, k, translate, useSession, useT, zoneOptions } from '@plantdoc/kit';
import { useUserOptions } from '../api';

export const FIELD_NAMES = [
  'firstname',
  'lastname',
  'email',
  'companyCode',
  'position',
  'department',
  'zones',
  'badge',
  'opNo',
  'lang',
  'temporary',
  'kiosk',
  'plantAdmin',
];

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const choices = (list, label = cap) => (list || []).map((v) => ({ value: v, label: label(v) }));
// The spec's departments and positions, as the form shows them (keys; translated where shown).
export const DEPARTMENTS = { production: k('Production'), process: k('Process'), quality: k('Quality'), paint: k('Paint') };
export const POSITIONS = {
  manager: k('Manager'),
  engineer: k('Engineer'),
  supervisor: k('Supervisor'),
  clerk: k('Clerk'),
  ojt: k('OJT'),
  operator: k('Operator'),
};
/** A department or position in the page's language ('' stays ''); an unknown one as it comes. */
export const labelOf = (t, words, v) => (words[v] ? t(words[v]) : cap(String(v ?? '')));

/** Shows an ApiError on the form: field messages under their fields, the rest above. */
export function showServerErrors(form, err) {
  const fields = err?.fields || {};
  form.setFields(formFields(fields, FIELD_NAMES));
  const other = Object.entries(fields)
    .filter(([k]) => !FIELD_NAMES.includes(k))
    .map(([, v]) => v);
  if (other.length) return other.join(' ');
  return Object.keys(fields).length ? null : err?.message || translate('users', 'Something went wrong.');
}

export function UserForm({ form, companyLocked = false, initialValues, onValuesChange, onFinish, error, children }) {
  const t = useT('users');
  const plantAdmin = Boolean(useSession().user?.plantAdmin);
  const options = useUserOptions();
  const company = Form.useWatch('companyCode', form);
  if (options.isPending) return <Spin />;
  if (options.isError) return <Alert type="error" showIcon title={options.error.message} />;
  const o = options.data;
  const zoneChoices = zoneOptions(o.zones?.[company]);
  const keepCompanyZones = (_, all) => {
    // Zones belong to a company: a new company drops the old company's choices.
    const allowed = new Set((o.zones?.[all.companyCode] || []).map((z) => z.value));
    const zones = (all.zones || []).filter((z) => allowed.has(z));
    if (zones.length !== (all.zones || []).length) form.setFieldValue('zones', zones);
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={(changed, all) => {
        if ('companyCode' in changed) keepCompanyZones(changed, all);
        onValuesChange?.(changed, form.getFieldsValue(true));
      }}
      onFinish={onFinish}
      style={{ maxWidth: 720 }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="firstname" label={t('First Name')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="lastname" label={t('Last Name')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="email" label={t('Email')} extra={t('An operator or OJT with a badge may have none: they sign at the kiosk only.')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="companyCode" label={t('Company')}>
            <Select disabled={companyLocked} options={choices(o.companies, (c) => c.toUpperCase())} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="department" label={t('Department')}>
            <Select options={choices(o.departments, (d) => labelOf(t, DEPARTMENTS, d))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="position" label={t('Position')}>
            <Select options={choices(o.positions, (p) => labelOf(t, POSITIONS, p))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="zones" label={t('Zones')}>
        <Checkbox.Group options={zoneChoices} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="badge" label={t('Badge')}>
            <Input.Password autoComplete="off" visibilityToggle />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="opNo" label={t('Operator Number')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {/* The person's language (the kiosk from their badge scan, the console after sign-in); blank: the plant's. */}
      <Form.Item name="lang" label={t('Language')}>
        <LanguageSelect placeholder={t("The plant's language")} allowClear style={{ width: '100%' }} />
      </Form.Item>
      {/* Temporary workers (agency, seasonal): the training module caps their level. */}
      <Form.Item name="temporary" valuePropName="checked" extra={t('Their training level is capped (temporary_max_level of the training module).')}>
        <Checkbox>{t('Temporary worker')}</Checkbox>
      </Form.Item>
      {plantAdmin && (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="kiosk" valuePropName="checked" extra={t("A kiosk netbook's sign-in: an operator without a badge.")}>
              <Checkbox>{t('Kiosk account')}</Checkbox>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="plantAdmin" valuePropName="checked" extra={t('Administers the users of every company.')}>
              <Checkbox>{t('Plant administrator')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
      )}
      {children}
    </Form>
  );
}

/** The form's values as the API takes them (blank badge and operator number: none). */
export function toPayload(values) {
  const blank = (v) => (v == null || String(v).trim() === '' ? null : v);
  // No language chosen: absent (a new user gets the plant's, an edit keeps theirs).
  // The flags only when the form showed them (a plant administrator's): absent, they are kept.
  const flag = (v) => (typeof v === 'boolean' ? v : undefined);
  return {
    ...values,
    zones: values.zones || [],
    badge: blank(values.badge),
    opNo: blank(values.opNo),
    lang: blank(values.lang) ?? undefined,
    temporary: flag(values.temporary),
    kiosk: flag(values.kiosk),
    plantAdmin: flag(values.plantAdmin),
  };
}
