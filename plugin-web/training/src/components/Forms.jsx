// The matrix's forms: add a part, add an operator, edit a target, and the first record
// of an empty matrix. Each shows the server's field errors under its fields (section 5's
// texts); the same rules are checked here first. The hour fields have no min/max of
// their own: antd's InputNumber would clamp 30 to 24 silently; the rule says why instead.
import { Alert, Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { formFields } from '@plantdoc/kit';
import { useOperatorList, usePartList } from '../api';
import { ROTATIONS } from '../levels';

const required = (message) => [{ required: true, message }];
const hoursRule = (message) => [
  { required: true, message },
  { type: 'number', min: 0, max: 24, message },
];
const HOURS = 'Hours must be between 0 and 24';

export function PartFields() {
  const parts = usePartList();
  return (
    <>
      <Form.Item name="partNumber" label="Part number" rules={required('Please select the part number')}>
        <Select
          showSearch
          loading={parts.isLoading}
          placeholder="Part number"
          options={(parts.data || []).map((p) => ({ value: p.partNumber, label: p.partNumber }))}
        />
      </Form.Item>
      <Form.Item name="partDesc" label="Description" rules={[{ max: 12, message: 'Part description must be a maximum of 12 characters' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="partRotation" label="Rotation (hours)" rules={required('Please enter the required rotation hours')}>
        <Select placeholder="Rotation" options={ROTATIONS.map((r) => ({ value: r, label: `${r} hr` }))} />
      </Form.Item>
      <Form.Item name="certTargetPartHours" label="Part certification target" rules={hoursRule(HOURS)}>
        <InputNumber />
      </Form.Item>
    </>
  );
}

export function OperatorFields({ hoursMessage = HOURS }) {
  const ops = useOperatorList();
  return (
    <>
      <Form.Item name="opId" label="Operator" rules={required('Please select the operator number')}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={ops.isLoading}
          placeholder="Operator number"
          options={(ops.data || []).map((o) => ({ value: o._id, label: `${o.opNo} ${o.fullName}` }))}
        />
      </Form.Item>
      <Form.Item name="certTargetOpHours" label="Operator certification target" rules={hoursRule(hoursMessage)}>
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
  return (
    <Modal title={title} open={open} onCancel={onCancel} onOk={() => form.submit()} okText="Save" confirmLoading={pending} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}

/** A certification target: { kind: 'part' | 'op', label, value } or null. */
export function TargetModal({ target, onCancel, onFinish, pending, form }) {
  return (
    <FormModal
      title={target ? `Certification target of ${target.label}` : ''}
      open={!!target}
      onCancel={onCancel}
      form={form}
      onFinish={onFinish}
      pending={pending}
    >
      <Form.Item name="hours" label="Target" rules={hoursRule(HOURS)}>
        <InputNumber autoFocus />
      </Form.Item>
    </FormModal>
  );
}

/** The empty matrix: 'add the first record'. */
export function GenesisForm({ form, onFinish, pending, error }) {
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }} aria-label="First training record">
      <PartFields />
      <OperatorFields hoursMessage="Number must not exceed 24 hours" />
      <Form.Item name="notes" label="Notes" rules={[{ max: 250, message: 'Please limit your notes to 250 characters' }]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={pending}>
        Add the first record
      </Button>
    </Form>
  );
}
