// The matrix's forms: add a part, add an operator, edit a target, and the first record
// of an empty matrix. Each shows the server's field errors under its fields (section 5's
// texts); the same rules are checked here first. The hour fields have no min/max of
// their own: antd's InputNumber would clamp 30 to 24 silently; the rule says why instead.
import { Alert, Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { formFields, k, useT } from '@plantdoc/kit';
import { useOperatorList, usePartList } from '../api';
import { ROTATIONS } from '../levels';

const required = (message) => [{ required: true, message }];
const hoursRule = (message) => [
  { required: true, message },
  { type: 'number', min: 0, max: 24, message },
];
const HOURS = k('Hours must be between 0 and 24');

export function PartFields() {
  const t = useT('training');
  const parts = usePartList();
  return (
    <>
      <Form.Item name="partNumber" label={t('Part number')} rules={required(t('Please select the part number'))}>
        <Select
          showSearch
          loading={parts.isLoading}
          placeholder={t('Part number')}
          options={(parts.data || []).map((p) => ({ value: p.partNumber, label: p.partNumber }))}
        />
      </Form.Item>
      <Form.Item name="partDesc" label={t('Description')} rules={[{ max: 12, message: t('Part description must be a maximum of 12 characters') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="partRotation" label={t('Rotation (hours)')} rules={required(t('Please enter the required rotation hours'))}>
        <Select placeholder={t('Rotation')} options={ROTATIONS.map((r) => ({ value: r, label: t('{{hours}} hr', { hours: r }) }))} />
      </Form.Item>
      <Form.Item name="certTargetPartHours" label={t('Part certification target')} rules={hoursRule(t(HOURS))}>
        <InputNumber />
      </Form.Item>
    </>
  );
}

export function OperatorFields({ hoursMessage = HOURS }) {
  const t = useT('training');
  const ops = useOperatorList();
  return (
    <>
      <Form.Item name="opId" label={t('Operator')} rules={required(t('Please select the operator number'))}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={ops.isLoading}
          placeholder={t('Operator number')}
          options={(ops.data || []).map((o) => ({ value: o._id, label: `${o.opNo} ${o.fullName}` }))}
        />
      </Form.Item>
      <Form.Item name="certTargetOpHours" label={t('Operator certification target')} rules={hoursRule(t(hoursMessage))}>
        <InputNumber />
      </Form.Item>
    </>
  );
}

/** The operator's name and number, which the add calls carry beside its id. */
export function withOperator(values, operators) {
  const op = (operators || []).find((o) => o._id === values.opId);
  return { ...values, opName: op?.fullName || '', opNumber: op?.opNo || '' };
}

/** Submits `values` through `mutation`; server field errors go under the fields. */
export function submitter(form, mutation, build, onDone, onError) {
  return (values) =>
    mutation.mutate(build(values), {
      onSuccess: () => {
        form.resetFields();
        onDone?.();
      },
      onError: (err) => {
        form.setFields(formFields(err.fields));
        onError?.(err);
      },
    });
}

export function FormModal({ title, open, onCancel, form, onFinish, pending, children }) {
  const t = useT('training');
  return (
    <Modal title={title} open={open} onCancel={onCancel} onOk={() => form.submit()} okText={t('Save')} confirmLoading={pending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}

/** A certification target: { kind: 'part' | 'op', label, value } or null. */
export function TargetModal({ target, onCancel, onFinish, pending, form }) {
  const t = useT('training');
  return (
    <FormModal
      title={target ? t('Certification target of {{label}}', { label: target.label }) : ''}
      open={!!target}
      onCancel={onCancel}
      form={form}
      onFinish={onFinish}
      pending={pending}
    >
      <Form.Item name="hours" label={t('Target')} rules={hoursRule(t(HOURS))}>
        <InputNumber autoFocus />
      </Form.Item>
    </FormModal>
  );
}

/** The empty matrix: 'add the first record'. */
export function GenesisForm({ form, onFinish, pending, error }) {
  const t = useT('training');
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }} aria-label={t('First training record')}>
      <PartFields />
      <OperatorFields hoursMessage={k('Number must not exceed 24 hours')} />
      <Form.Item name="notes" label={t('Notes')} rules={[{ max: 250, message: t('Please limit your notes to 250 characters') }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('Add the first record')}
      </Button>
    </Form>
  );
}
