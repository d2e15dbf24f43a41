// A list's state kept in the address's query (decision 60): page, page size, sort, search,
// filters. Reload, Back and a shared link restore it. Values equal to their default are
// left out of the address; numbers are read back as numbers (a bad one is its default).
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Reads `defaults`' keys from a query (`URLSearchParams`). */
export function readUrlState(params, defaults) {
  const out = {};
  for (const [k, d] of Object.entries(defaults)) {
    const raw = params.get(k);
    if (raw == null || raw === '') out[k] = d;
    else if (typeof d === 'number') {
      const n = Number(raw);
      out[k] = Number.isInteger(n) && n > 0 ? n : d;
    } else out[k] = raw;
  }
  return out;
}

/** A copy of `params` with `patch` applied (null, '' or the default: removed). */
export function patchUrlState(params, patch, defaults) {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v == null || v === '' || v === defaults[k]) next.delete(k);
    else next.set(k, String(v));
  }
  return next;
}

/**
 * `[state, set]`: `state` has every key of `defaults`; `set(patch, { replace })` writes the
 * patch to the address (a new history entry unless `replace`: typing in a search box
 * replaces, a page or a sort is a step Back undoes). Other query keys are kept.
 *
 * The router renders a new address in a transition, so a second write can come before the
 * first one's render (a sort, then at once a page size): each write starts from the last
 * one written until the router has rendered an address of its own (a write, Back, a link).
 */
export function useUrlState(defaults) {
  const [params, setParams] = useSearchParams();
  const fixed = useRef(defaults).current;
  const rendered = useRef('');
  const pending = useRef(null);
  rendered.current = params.toString();
  const state = useMemo(() => readUrlState(params, fixed), [params, fixed]);
  const set = useCallback(
    (patch, { replace = false } = {}) => {
      const now = rendered.current;
      const base = pending.current?.from === now ? pending.current.next : now;
      const next = patchUrlState(new URLSearchParams(base), patch, fixed);
      pending.current = { from: now, next: next.toString() };
      setParams(next, { replace });
    },
    [setParams, fixed],
  );
  return [state, set];
}
