// The detail of one sign record in Verification History (decision 69, 21 CFR 11.50):
// each act's printed name, date and time with its UTC offset, meaning and signature
// mode, and the SHA-256 of the version signed. A 'Details' link per row opens it.
import { useState } from 'react';
import { Button, Descriptions, Modal, Typography } from 'antd';
import { formatWithOffset, useT } from '@plantdoc/kit';

const who = (p) => (p?.fullName ? `${p.fullName}${p.opNo ? ` (${p.opNo})` : ''}` : '');

function items(r, t) {
  const list = [
    { key: 'op', label: r.signMeaning || t('Read'), children: who(r.op) },
    { key: 'signed', label: t('Signed'), children: formatWithOffset(r.dateSigned) },
    { key: 'signMode', label: t('Signature'), children: r.signMode || t('badge') },
  ];
  if (r.verified) {
    list.push(
      { key: 'cl', label: r.verifyMeaning || t('Verified'), children: who(r.cl) },
      { key: 'verifiedAt', label: t('Verified at'), children: formatWithOffset(r.dateVerified) },
      { key: 'verifyMode', label: t('Verifier signature'), children: r.verifyMode || t('badge') },
    );
  }
  list.push({
    key: 'sha',
    label: t('Version SHA-256'),
    children: (
      <Typography.Text code copyable data-testid="version-sha256" style={{ wordBreak: 'break-all' }}>
        {r.versionHash || ''}
      </Typography.Text>
    ),
  });
  return list;
}

export function SignatureDetail({ record }) {
  const t = useT('swp');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)} aria-label={t("Details of {{name}}'s signature", { name: record.op?.fullName ?? '' })}>
        {t('Details')}
      </Button>
      {open && (
        <Modal open title={t('Signature')} width={640} onCancel={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>{t('Close')}</Button>}>
          <div data-testid="signature-detail">
            <Descriptions column={1} size="small" bordered items={items(record, t)} />
          </div>
        </Modal>
      )}
    </>
  );
}
