// Idle sign-out (decision 52): with an operator at the netbook, no touch, click, key or
// scan for `[modules.island] idle_secs` (GET /api/island/kiosk-config, default 120)
// signs them out and returns to /island, so the next person never acts under their
// name. A dialog warns WARN_SECS before; any touch or key keeps the operator. Touches
// inside a document frame (another document) are not seen here, except the first one
// (focus moves into the frame): the warning is what keeps a reader signed in. A playing
// video counts as activity.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useKioskConfig } from '../api';
import { useOperator } from '../state';
import { useSignOut } from './SignOut';

export const DEFAULT_IDLE_SECS = 120;
export const WARN_SECS = 10;
const ACTIVITY = ['pointerdown', 'keydown', 'touchstart', 'wheel'];
const loadWarning = () => import('./IdleWarning');
const IdleWarning = lazy(() => loadWarning().then((m) => ({ default: m.IdleWarning })));

export function IdleSignOut() {
  const op = useOperator();
  const config = useKioskConfig(Boolean(op));
  const idleSecs = config.data?.idleSecs || DEFAULT_IDLE_SECS;
  const signOut = useSignOut();
  const last = useRef(Date.now());
  const [left, setLeft] = useState(null);
  const out = useRef(signOut);
  out.current = signOut;
  const opId = op?._id;
  useEffect(() => {
    if (!opId) return undefined;
    loadWarning().catch(() => {}); // ready before it is needed (a failed load shows on use)
    last.current = Date.now();
    setLeft(null);
    const active = () => {
      last.current = Date.now();
      setLeft(null);
    };
    const blur = () => {
      if (document.activeElement?.tagName === 'IFRAME') active();
    };
    ACTIVITY.forEach((e) => document.addEventListener(e, active, true));
    window.addEventListener('blur', blur);
    const timer = setInterval(() => {
      // A playing instruction video is someone watching.
      if ([...document.querySelectorAll('video')].some((v) => !v.paused && !v.ended)) last.current = Date.now();
      const idle = (Date.now() - last.current) / 1000;
      if (idle >= idleSecs) {
        setLeft(null);
        out.current();
      } else setLeft(idle >= idleSecs - WARN_SECS ? Math.ceil(idleSecs - idle) : null);
    }, 1000);
    return () => {
      clearInterval(timer);
      ACTIVITY.forEach((e) => document.removeEventListener(e, active, true));
      window.removeEventListener('blur', blur);
    };
  }, [opId, idleSecs]);
  if (!op || left === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning name={op.fullName} left={left} onStay={() => setLeft(null)} />
    </Suspense>
  );
}
