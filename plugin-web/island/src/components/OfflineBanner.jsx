// 'Offline — documents as of 06:14' over every kiosk screen while the server does not
// answer (the pack's time in the netbook's local time); 'Offline too long — see the team
// lead' once the pack is older than `offline_max_hours` (documents stop then, answers.js).
// Drawn as antd's warning/error Alert without loading it (the start screen's budget).
import { useEffect, useState } from 'react';
import { k, useT } from '@plantdoc/kit';
import { tooLong, useReach } from '../offline/reach';

export const OFFLINE_TEXT = k('Offline — documents as of {{time}}');
export const TOO_LONG_TEXT = k('Offline too long — see the team lead');
export const REFUSED_TEXT = k('A signature made at {{time}} was refused when it was sent: {{reason}} — see the team lead');
export const REFUSED_EVENT = 'plantdoc:outbox-refused';
const two = (n) => String(n).padStart(2, '0');
/** HH:mm of a time in ms, in the netbook's time zone. */
export const clock = (ms) => {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
};
const BOX = { borderRadius: 8, padding: '8px 12px', marginBottom: 16, fontSize: 16 };
const WARN = { ...BOX, background: '#fffbe6', border: '1px solid #ffe58f', color: 'rgba(0, 0, 0, 0.88)' };
const STOP = { ...BOX, background: '#fff2f0', border: '1px solid #ffccc7', color: 'rgba(0, 0, 0, 0.88)' };

/**
 * A signature kept on the netbook and refused when it was sent (the screen that made it
 * had moved on): said on every kiosk screen until someone acknowledges it, never dropped
 * silently (a wrong PIN checked on sync, a read no longer allowed).
 */
function Refusals() {
  const t = useT('island');
  const [list, setList] = useState([]);
  useEffect(() => {
    const on = (e) =>
      setList((l) => [...l, { id: e.detail?.item?.key ?? String(Date.now()), time: e.detail?.item?.kioskTime, reason: e.detail?.message ?? '' }]);
    window.addEventListener(REFUSED_EVENT, on);
    return () => window.removeEventListener(REFUSED_EVENT, on);
  }, []);
  return list.map((r) => (
    <div key={r.id} role="alert" data-testid="outbox-refused" style={STOP}>
      {t(REFUSED_TEXT, { time: r.time ? clock(r.time) : '--:--', reason: r.reason })}{' '}
      <button type="button" onClick={() => setList((l) => l.filter((x) => x.id !== r.id))}>
        {t('Close')}
      </button>
    </div>
  ));
}

export function OfflineBanner() {
  return (
    <>
      <Refusals />
      <Reach />
    </>
  );
}

function Reach() {
  const t = useT('island');
  const { down, info } = useReach();
  const [, tick] = useState(0);
  // The limit passes with time alone: look again every minute while offline.
  useEffect(() => {
    if (!down) return undefined;
    const id = setInterval(() => tick((n) => n + 1), 60000);
    return () => clearInterval(id);
  }, [down]);
  if (!down) return null;
  const stop = tooLong(info);
  return (
    <div role="status" data-testid="offline-banner" style={stop ? STOP : WARN}>
      {stop ? t(TOO_LONG_TEXT) : t(OFFLINE_TEXT, { time: info?.asOf ? clock(info.asOf) : '--:--' })}
    </div>
  );
}
