// Notifications (decision 66): the bell's list and marks, the preferences, and the live
// updates of open pages. The server's event stream (/api/events, Server-Sent Events)
// says that something the user may see changed; the open page's queries are invalidated
// (the active ones refetch: lists, counts, the bell), all but signed document links, so
// a document being read is not reloaded under its reader.
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { keepAnswer } from './query';
import { k } from './i18n';

export const notificationKeys = {
  all: ['core', 'notifications'],
  list: (limit) => ['core', 'notifications', 'list', limit],
  prefs: ['core', 'notifications', 'prefs'],
};

/** How a person may be told of a kind of event, as the server names the choices. The
 *  labels are the kit's texts: show them with useT('kit') (`t(c.label)`). */
export const CHANNELS = [
  { value: 'bell', label: k('Bell') },
  { value: 'email', label: k('E-mail') },
  { value: 'digest', label: k('Daily digest') },
  { value: 'off', label: k('Off') },
];

/** GET /api/notifications?limit=: { items, total, unread }. */
export function useNotifications({ limit = 10, enabled = true } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(limit),
    queryFn: () => api.get(`/api/notifications?limit=${limit}`),
    enabled,
    meta: { failure: 'Could not load the notifications' },
  });
}

/** POST /api/notifications/read: `{ ids }` or `{ all: true }`. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body) => api.post('/api/notifications/read', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** GET /api/notifications/preferences: { preferences: [{ kind, label, module, channel, default }] }. */
export function useNotificationPrefs() {
  return useQuery({
    queryKey: notificationKeys.prefs,
    queryFn: () => api.get('/api/notifications/preferences'),
    meta: { failure: 'Could not load the notification settings' },
  });
}

/** POST /api/notifications/preferences `{ preferences: { kind: channel } }`. */
export function useSaveNotificationPrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (preferences) => api.post('/api/notifications/preferences', { preferences }),
    onSuccess: (body) => keepAnswer(qc, notificationKeys.prefs, body),
  });
}

/** Bursts (a submit tells each stage) refetch once. */
const SETTLE_MS = 150;

/** A stream the server refused (too many open pages of this person or machine, 429;
 *  signed out, 401): the page refetches this often instead, and asks for a stream again
 *  after RETRY_MS. */
export const POLL_MS = 30_000;
export const RETRY_MS = 60_000;

/** Signed links (fetched fresh when shown; a refetch would reload the document shown). */
const isLink = (q) => q.options?.gcTime === 0 || q.queryKey.some((k) => typeof k === 'string' && /^(links?|urls?)$/i.test(k));

/**
 * Follows /api/events while mounted: a change invalidates the page's queries (not its
 * signed links). The browser reconnects by itself, sending the last id it saw
 * (Last-Event-ID), and the server replays what it missed. `onEvent` sees each event.
 * A refused stream (the browser does not retry one) falls back to refetching every
 * POLL_MS until a new stream is let in.
 */
export function useLiveUpdates({ enabled = true, onEvent } = {}) {
  const qc = useQueryClient();
  const heard = useRef(onEvent);
  heard.current = onEvent;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return undefined;
    let source = null;
    let timer = null;
    let poll = null;
    let retry = null;
    const flush = () => {
      timer = null;
      qc.invalidateQueries({ predicate: (q) => !isLink(q) });
    };
    const connect = () => {
      retry = null;
      source = new EventSource('/api/events');
      source.onopen = () => {
        if (poll) clearInterval(poll);
        poll = null;
      };
      source.onmessage = (e) => {
        let event = null;
        try {
          event = JSON.parse(e.data);
        } catch {
          return;
        }
        heard.current?.(event);
        if (!timer) timer = setTimeout(flush, SETTLE_MS);
      };
      source.onerror = () => {
        // A dropped stream the browser reopens itself; a refused one it closes for good.
        if (source.readyState !== EventSource.CLOSED) return;
        source.close();
        if (!poll) poll = setInterval(flush, POLL_MS);
        if (!retry) retry = setTimeout(connect, RETRY_MS);
      };
    };
    connect();
    return () => {
      source?.close();
      for (const t of [timer, retry]) if (t) clearTimeout(t);
      if (poll) clearInterval(poll);
    };
  }, [enabled, qc]);
}
