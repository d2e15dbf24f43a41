// The user form of Add Users and the edit screen: the spec's fields (firstname, lastname,
// email, companyCode, position, department, zones) plus badge and operator number. No
// client rules (spec section 5): the server's field errors appear under the fields.
import { Alert, Checkbox, Col, Form, Input, Row, Select, Spin } from 'antd';
import { formFields } from '@plantdoc/kit';
import { useUserOptions } from '../api';

export const FIELD_NAMES = ['firstname', 'lastname', 'email', 'companyCode', 'position', 'department', 'zones', 'badge', 'opNo'];

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const choices = (list, label = cap) => (list || []).map((v) => ({ value: v, label: label(v) }));

/** Shows an ApiError on the form: field messages under their fields, the rest above. */
export function showServerErrors(form, err) {
  const fields = err?.fields || {};
  form.setFields(formFields(fields, FIELD_NAMES));
  const other = Object.entries(fields)
    .filter(([k]) => !FIELD_NAMES.includes(k))
    .map(([, v]) => v);
  if (other.length) return other.join(' ');
  return Object.keys(fields).length ? null : err?.message || 'Something went wrong.';
}

export function UserForm({ form, companyLocked = false, initialValues, onValuesChange, onFinish, error, children }) {
  const options = useUserOptions();
  const company = Form.useWatch('companyCode', form);
  if (options.isPending) return <Spin />;
  if (options.isError) return <Alert type="error" showIcon title={options.error.message} />;
  const o = options.data;
  const zoneOptions = o.zones?.[company] || [];
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
          <Form.Item name="firstname" label="First Name">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="lastname" label="Last Name">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="email" label="Email">
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="companyCode" label="Company">
            <Select disabled={companyLocked} options={choices(o.companies, (c) => c.toUpperCase())} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="department" label="Department">
            <Select options={choices(o.departments)} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="position" label="Position">
            <Select options={choices(o.positions, (p) => (p === 'ojt' ? 'OJT' : cap(p)))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="zones" label="Zones">
        <Checkbox.Group options={zoneOptions} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="badge" label="Badge">
            <Input.Password autoComplete="off" visibilityToggle />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="opNo" label="Operator Number">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {children}
    </Form>
  );
}

/** The form's values as the API takes them (blank badge and operator number: none). */
export function toPayload(values) {
  const blank = (v) => (v == null || String(v).trim() === '' ? null : v);
  return { ...values, zones: values.zones || [], badge: blank(values.badge), opNo: blank(values.opNo) };
}
