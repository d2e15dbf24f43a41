// Raising a change request: title, reason, references (8D, CAPA …), the documents it
// carries (SWPs and alerts by part number), its zones and, per zone, the day it takes
// effect there (empty: at deploy). Every refusal shows under its field.
import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { fieldErrors, useT, useZones } from '@plantdoc/kit';
import { useChangeAct } from '../api';

const FIELDS = ['title', 'reason', 'references', 'documents', 'zones', 'effective'];

export function NewRequest({ onDone }) {
  const t = useT('changes');
  const zones = useZones();
  const act = useChangeAct();
  const [form, setForm] = useState({ title: '', reason: '', references: [], swps: [], alerts: [], zones: [], effective: {} });
  const set = (patch) => setForm((f) => ({ ...f, ...patch }));
  const errors = fieldErrors(act.error);
  const other = act.error && !FIELDS.some((f) => errors[f]) ? act.error.message : null;
  const help = (f) => (errors[f] ? { validateStatus: 'error', help: errors[f] } : {});
  const submit = () => {
    const documents = [...form.swps.map((p) => ({ kind: 'swp', partNumber: p })), ...form.alerts.map((p) => ({ kind: 'alert', partNumber: p }))];
    const effective = Object.fromEntries(Object.entries(form.effective).filter(([z, d]) => d && form.zones.includes(z)));
    const body = { title: form.title, reason: form.reason, references: form.references, documents, zones: form.zones, effective };
    act.mutate({ path: '/api/changes', body }, { onSuccess: (r) => onDone(r.id) });
  };
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
          {t('New change request')}
        </Typography.Title>
      }
      extra={<Button onClick={() => onDone('')}>{t('Cancel')}</Button>}
    >
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item label={t('Title')} htmlFor="cr-title" {...help('title')}>
          <Input id="cr-title" value={form.title} maxLength={200} onChange={(e) => set({ title: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('Reason for the change')} htmlFor="cr-reason" {...help('reason')}>
          <Input.TextArea id="cr-reason" rows={3} maxLength={1000} value={form.reason} onChange={(e) => set({ reason: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('References (8D, CAPA, deviation …)')} htmlFor="cr-refs" {...help('references')}>
          <Select id="cr-refs" mode="tags" open={false} value={form.references} onChange={(v) => set({ references: v })} tokenSeparators={[',', ' ']} />
        </Form.Item>
        <Form.Item label={t('SWPs (part numbers)')} htmlFor="cr-swps" {...help('documents')}>
          <Select
            id="cr-swps"
            mode="tags"
            open={false}
            value={form.swps}
            onChange={(v) => set({ swps: v.map((p) => p.toUpperCase()) })}
            tokenSeparators={[',', ' ']}
          />
        </Form.Item>
        <Form.Item label={t('Alerts (part numbers)')} htmlFor="cr-alerts">
          <Select
            id="cr-alerts"
            mode="tags"
            open={false}
            value={form.alerts}
            onChange={(v) => set({ alerts: v.map((p) => p.toUpperCase()) })}
            tokenSeparators={[',', ' ']}
          />
        </Form.Item>
        <Form.Item label={t('Zones and the day the change takes effect in each (empty: at deploy)')} {...help('zones')}>
          <Space orientation="vertical">
            {(zones.data || []).map((z) => (
              <Space key={z.value} wrap>
                <Checkbox
                  checked={form.zones.includes(z.value)}
                  onChange={(e) => set({ zones: e.target.checked ? [...form.zones, z.value] : form.zones.filter((x) => x !== z.value) })}
                >
                  {z.label}
                </Checkbox>
                {form.zones.includes(z.value) ? (
                  <Input
                    type="date"
                    aria-label={t('Effective in {{zone}}', { zone: z.label })}
                    value={form.effective[z.value] || ''}
                    onChange={(e) => set({ effective: { ...form.effective, [z.value]: e.target.value } })}
                    style={{ width: 170 }}
                  />
                ) : null}
              </Space>
            ))}
            {zones.isError ? <Alert type="error" showIcon message={t('The zones could not be loaded.')} /> : null}
          </Space>
        </Form.Item>
        {errors.effective ? <Alert type="error" showIcon message={errors.effective} style={{ marginBottom: 16 }} /> : null}
        {other ? <Alert type="error" showIcon message={other} style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" loading={act.isPending}>
          {t('Send for review')}
        </Button>
      </Form>
    </Card>
  );
}
