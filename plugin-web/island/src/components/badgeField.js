// A badge reader types digits and Enter or Tab like a keyboard, fast (a few ms a key). The
// badge being typed lives here, outside the field, so that keys typed before the field
// exists (its chunk still loading after Scan Badge) or while it lost focus (a tap
// elsewhere) are kept: useBadgeCapture routes them to it (plugins/island/README.md
// item 18). No antd here, so the start screen can capture keys before the field's chunk
// arrives.
import { useEffect, useRef, useState } from 'react';
import { k, translate } from '@plantdoc/kit';

export const BADGE_FAILED = k('The badge could not be checked. Please scan again.');

/** The countdown shown while a badge waits after a misread (429, decision 58). */
export const waitText = (n) => translate('island', 'A badge was not accepted just before. This badge is checked in {{n}} s.', { n });

/**
 * The badge typed so far, its error, and submit (onBadge may throw: shown, cleared,
 * refocused). A 429 (a badge was not accepted just before) is no refusal: the wait counts
 * down every second, then the same badge is sent again; a new scan replaces it.
 */
export function useBadgeField(onBadge, disabled = false) {
  const [value, setState] = useState('');
  const [error, setError] = useState('');
  const typed = useRef('');
  const inputRef = useRef(null);
  const busy = useRef(false);
  const timer = useRef(null);
  const latest = useRef({ onBadge, disabled });
  latest.current = { onBadge, disabled };
  useEffect(() => () => clearInterval(timer.current), []);
  const setValue = (next) => {
    typed.current = typeof next === 'function' ? next(typed.current) : next;
    setState(typed.current);
  };
  const send = async (badge) => {
    clearInterval(timer.current);
    if (!badge || latest.current.disabled || busy.current) return;
    busy.current = true;
    setError('');
    try {
      await latest.current.onBadge(badge);
    } catch (e) {
      setValue('');
      inputRef.current?.focus();
      let left = e?.status === 429 ? Math.max(1, e.retryAfter || 1) : 0;
      setError(left ? waitText(left) : e?.message || translate('island', BADGE_FAILED));
      if (left) {
        timer.current = setInterval(() => {
          left -= 1;
          if (left > 0) setError(waitText(left));
          else send(badge);
        }, 1000);
      }
    } finally {
      busy.current = false;
    }
  };
  const submit = () => send(typed.current.trim());
  return { value, setValue, typed, error, submit, inputRef };
}

const EDITABLE = 'input, textarea, select, [contenteditable="true"]';

// The badge fields on screen (BadgeInput: a verifier's badge, a PIN). A capture made
// `behindFields` leaves the reader's keys to them: a scan there is a verifier or a PIN,
// never a new operator (BadgeSwap).
let shownFields = 0;

/** Counts the calling badge field as shown while it is mounted. */
export function useShownBadgeField() {
  useEffect(() => {
    shownFields += 1;
    return () => {
      shownFields -= 1;
    };
  }, []);
}

/**
 * Keys typed while no field has the focus go to the badge: a character is added (and the
 * field focused, when it is there), Enter or Tab submits what was typed. `onKey` is told
 * of the first character (the start screen then shows its field). `behindFields`: not
 * while a badge field is shown. `restartAfterMs`: a key that long after the last character
 * starts a new badge (a reader types in one burst): a stray key pressed before is dropped,
 * and a later Enter or Tab is left to the page.
 */
export function useBadgeCapture(field, { enabled = true, onKey, behindFields = false, restartAfterMs = 0 } = {}) {
  const latest = useRef({ field, onKey });
  latest.current = { field, onKey };
  const lastKey = useRef(0);
  useEffect(() => {
    if (!enabled) return undefined;
    const keydown = (e) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (e.target instanceof Element && e.target.closest(EDITABLE)) return; // a field has it
      if (behindFields && shownFields > 0) return;
      const { field: f, onKey: told } = latest.current;
      const now = Date.now();
      if (restartAfterMs && now - lastKey.current > restartAfterMs) f.setValue('');
      if (e.key.length === 1 && e.key !== ' ') {
        e.preventDefault();
        lastKey.current = now;
        f.setValue((v) => v + e.key);
        told?.();
        f.inputRef.current?.focus();
      } else if ((e.key === 'Enter' || e.key === 'Tab') && f.typed.current.trim()) {
        e.preventDefault();
        f.submit();
      }
    };
    document.addEventListener('keydown', keydown, true);
    return () => document.removeEventListener('keydown', keydown, true);
  }, [enabled, behindFields, restartAfterMs]);
}
