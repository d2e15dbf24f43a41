// Manage Users: a zone's sheet of one-time signature PINs (badge + PIN rollout, decision
// 98). The manager picks one of their zones; after a confirmation every operator and OJT
// of their company in it gets a new one-time PIN (PINs they chose stop working), and the
// printable sheet is shown once. The server's field errors show under the zone.
import { useState } from 'react';
import { Button, Card, Form, Popconfirm, Select, Typography } from 'antd';
import { formFields, k, useSession, useT, useZones } from '@plantdoc/kit';
import { useIssueZonePins } from '../api';
import { PinSheet } from './PinSheet';

export const ZONE_PINS_HELP = k(
  'Give every operator of one of your zones a one-time PIN at once, on a sheet to print and hand out. Each person then chooses their own PIN at the kiosk.',
);
export const ZONE_PINS_CONFIRM = k('Every operator of zone {{zone}} gets a new one-time PIN; PINs they chose stop working. Go on?');

export function ZonePins() {
  const t = useT('users');
  const { user: me } = useSession();
  const mine = me?.zones || [];
  const zones = useZones({ enabled: mine.length > 0 });
  const issue = useIssueZonePins();
  const [form] = Form.useForm();
  const [zone, setZone] = useState(null);
  const [sheet, setSheet] = useState(null);
  if (!mine.length) return null;
  const labels = Object.fromEntries((zones.data || []).map((z) => [z.value, z.label]));
  const options = mine.map((z) => ({ value: z, label: labels[z] || z }));
  const run = () =>
    issue.mutate(zone, {
      // Kept in this screen's state only: the mutation forgets its answer at once.
      onSuccess: (res) => {
        issue.reset();
        setSheet(res);
      },
      onError: (err) => form.setFields(formFields(err?.fields?.zone ? err.fields : { zone: err?.message }, ['zone'])),
    });
  return (
    <Card size="small" title={t('Signature PINs for a zone')} style={{ marginBottom: 16 }} data-testid="zone-pins">
      {sheet ? (
        <PinSheet
          title={t('One-time PINs, zone {{zone}}', { zone: labels[sheet.zone] || sheet.zone })}
          lines={sheet.pins || []}
          onDone={() => setSheet(null)}
        />
      ) : (
        <Form form={form} layout="inline" requiredMark={false}>
          <Typography.Paragraph style={{ width: '100%' }}>{t(ZONE_PINS_HELP)}</Typography.Paragraph>
          <Form.Item name="zone" label={t('Zone')}>
            <Select style={{ minWidth: 180 }} options={options} onChange={setZone} placeholder={t('Choose a zone')} />
          </Form.Item>
          <Popconfirm
            title={t(ZONE_PINS_CONFIRM, { zone: labels[zone] || zone })}
            okText={t('Issue PINs')}
            cancelText={t('Cancel')}
            onConfirm={run}
            disabled={!zone}
          >
            <Button type="primary" disabled={!zone} loading={issue.isPending}>
              {t('Issue PINs for the zone')}
            </Button>
          </Popconfirm>
        </Form>
      )}
    </Card>
  );
}
