// The separate Add Training form (part number, operator, training level), at
// /main/training/add: sets the level in every matrix of the user's zones holding both.
// Server errors show under partNumber, op and squares, and a general one above Save; a
// success toast stays 6 seconds.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Card, Form, Select } from 'antd';
import { formFields, useT } from '@plantdoc/kit';
import { useAddTraining, useOperatorList, usePartList } from '../api';
import { LEVELS, TOAST_SECONDS } from '../levels';

export function AddTrainingForm() {
  const t = useT('training');
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const parts = usePartList();
  const ops = useOperatorList();
  const add = useAddTraining();
  const [general, setGeneral] = useState('');
  const onFinish = (v) => {
    setGeneral('');
    const part = (parts.data || []).find((p) => p.partNumber === v.partNumber);
    add.mutate(
      { partNumber: v.partNumber, part: part?._id, squares: v.squares, op: v.op },
      {
        onSuccess: () => {
          form.resetFields();
          message.success({ content: t('Training added'), duration: TOAST_SECONDS });
        },
        onError: (err) => {
          form.setFields(formFields(err.fields, ['partNumber', 'op', 'squares']));
          if (!err.fields.partNumber && !err.fields.op && !err.fields.squares) setGeneral(err.message);
        },
      },
    );
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 480 }} aria-label={t('Add Training')}>
      <Form.Item name="partNumber" label={t('Part number')} rules={[{ required: true, message: t('Please select the part number') }]}>
        <Select
          showSearch
          loading={parts.isLoading}
          placeholder={t('Part number')}
          options={(parts.data || []).map((p) => ({ value: p.partNumber, label: p.partNumber }))}
        />
      </Form.Item>
      <Form.Item name="op" label={t('Operator')} rules={[{ required: true, message: t('Please select the operator number') }]}>
        <Select
          showSearch
          optionFilterProp="label"
          loading={ops.isLoading}
          placeholder={t('Operator number')}
          options={(ops.data || []).map((o) => ({ value: o._id, label: `${o.opNo} ${o.fullName}` }))}
        />
      </Form.Item>
      <Form.Item name="squares" label={t('Training level')} rules={[{ required: true, message: t('Please select a training level from -1 to 4') }]}>
        <Select placeholder={t('Training level')} options={LEVELS.map((l) => ({ value: l.value, label: `${l.value}: ${t(l.label)}` }))} />
      </Form.Item>
      {general && <Alert type="error" showIcon message={general} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t('Save')}
      </Button>
    </Form>
  );
}

export function AddTrainingPage() {
  const t = useT('training');
  return (
    <App component={false}>
      <Card title={t('Add Training')} extra={<Link to="..">{t('Back to the training matrix')}</Link>}>
        <AddTrainingForm />
      </Card>
    </App>
  );
}
