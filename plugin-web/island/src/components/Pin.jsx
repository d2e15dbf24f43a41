// badge+pin (issue 28): the signer's PIN after the badge, in the badge field (masked,
// Enter submits, the refusal under it); a one-time PIN asks for the signer's own when the
// server says so (400 newPin). `null` while the kiosk's config loads.
import { useState } from 'react';
import { Typography } from 'antd';
import { useT } from '@plantdoc/kit';
import { BadgeInput } from './BadgeInput';
import { useKioskConfig } from '../api';

export function usePinMode() {
  const c = useKioskConfig().data;
  return c ? c.signature === 'badge+pin' : null;
}

/** Calls sign({pin, newPin}) (a promise); its refusals show under the field. */
export function PinInput({ sign }) {
  const t = useT('island');
  const [first, setFirst] = useState('');
  const [ask, setAsk] = useState('');
  const submit = (p) =>
    sign(first ? { pin: first, newPin: p } : { pin: p }).catch((e) => {
      if (first || !e?.fields?.newPin) throw e;
      setFirst(p);
      setAsk(e.fields.newPin);
    });
  const label = ask ? t('New PIN') : t('PIN');
  return (
    <>
      <Typography.Paragraph strong>{ask || t('Enter your PIN')}</Typography.Paragraph>
      <BadgeInput key={label} onBadge={submit} label={label} placeholder={label} capture={false} />
    </>
  );
}
