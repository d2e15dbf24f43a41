// badge+pin (decision 63): the signer's PIN after the badge, in the badge field (masked,
// Enter submits, the refusal under it). A person with no PIN is told so by the server
// ('You have no PIN yet — ask your team lead'). A one-time PIN asks for the signer's own
// when the server says so (400 newPin): typed twice, the two must match before it is
// sent; the rules are shown, the server checks them (decision 100). Offline the pack tells
// who must replace their PIN: asked at once, the rules checked on the netbook, the two
// PINs sealed together (offline/pins.js, decision 125). `null` while the kiosk's config loads.
import { useState } from 'react';
import { Typography } from 'antd';
import { k, serverUnreachable, useT } from '@plantdoc/kit';
import { BadgeInput } from './BadgeInput';
import { useKioskConfig } from '../api';

export const PIN_RULES = k('4 to 8 digits. Not your badge or operator number, not one digit repeated (1111), not a run like 1234 or 4321.');
export const TYPE_AGAIN = k('Type your new PIN again.');
export const NO_MATCH = k('The two PINs are not the same. Please choose your PIN again.');

export function usePinMode() {
  const c = useKioskConfig().data;
  return c ? c.signature === 'badge+pin' : null;
}

const pins = () => import('../offline/pins');

/**
 * Calls sign({pin, newPin}) (a promise); its refusals show under the field. `signer`
 * ({id} or {badge}): whose PIN it is, for a one-time PIN replaced offline.
 */
export function PinInput({ sign, signer }) {
  const t = useT('island');
  // The one-time PIN accepted, the server's request for a new one, the new PIN typed once;
  // offline, the pack's holder whose one-time PIN is replaced (its rules checked here).
  const [first, setFirst] = useState('');
  const [ask, setAsk] = useState('');
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  const [holder, setHolder] = useState(null);
  const submit = async (p) => {
    if (!first) {
      const m = signer && serverUnreachable() ? await pins() : null;
      const h = m ? await m.toReplace(signer).catch(() => null) : null;
      if (h) {
        setHolder(h);
        setFirst(p);
        setAsk(t(m.CHOOSE_PIN));
        return undefined;
      }
      return sign({ pin: p }).catch((e) => {
        if (!e?.fields?.newPin) throw e;
        setFirst(p);
        setAsk(e.fields.newPin);
      });
    }
    setNote('');
    if (!chosen) {
      setChosen(p);
      return Promise.resolve();
    }
    setChosen('');
    if (p !== chosen) {
      setNote(t(NO_MATCH));
      return Promise.resolve();
    }
    const why = holder && (await pins()).newPinRefusal(p, first, holder);
    if (why) {
      setNote(t(why));
      return undefined;
    }
    return sign({ pin: first, newPin: p }).catch((e) => {
      if (e?.fields?.newPin) {
        setNote(e.fields.newPin);
        return;
      }
      // Not about the new PIN (the one-time PIN was replaced meanwhile, a wait): start again.
      setFirst('');
      setAsk('');
      setHolder(null);
      throw e;
    });
  };
  const step = !first ? 'pin' : chosen ? 'again' : 'new';
  const label = { pin: t('PIN'), new: t('New PIN'), again: t('New PIN again') }[step];
  const prompt = { pin: t('Enter your PIN'), new: ask, again: t(TYPE_AGAIN) }[step];
  return (
    <>
      <Typography.Paragraph strong>{prompt}</Typography.Paragraph>
      {first && <Typography.Paragraph data-testid="pin-rules">{t(PIN_RULES)}</Typography.Paragraph>}
      {note && (
        <Typography.Paragraph type="danger" role="alert">
          {note}
        </Typography.Paragraph>
      )}
      <BadgeInput key={step} onBadge={submit} label={label} placeholder={label} capture={false} />
    </>
  );
}
