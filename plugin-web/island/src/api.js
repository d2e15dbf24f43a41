// Every server call of the kiosk (spec section 7, "Kiosk"), one hook or function each,
// over the kit's `api` client (CSRF header, 401 handling). Signing calls go through the
// outbox (outbox.js) so that none is lost. The calls the console's remotes make too (the
// part's deployed SWP, its sign history, the part search) are the kit's, one hook each.
import { useQuery } from '@tanstack/react-query';
import { api, deployedSwpParts, useDeployedSwp, useSignHistory } from '@plantdoc/kit';
import { kioskLanguage } from './language';

export { deployedSwpParts, useDeployedSwp, useSignHistory };

const enc = encodeURIComponent;
const failure = (what) => ({ failure: `Could not load ${what}` });

export const islandKeys = {
  status: (opId, swpId) => ['island', 'status', opId, swpId],
  links: (swpId) => ['island', 'links', swpId],
};

// The start screen's one call lives apart (badgeApi.js): the start screen loads no hook.
export { operatorFromBadge } from './badgeApi';

/**
 * Links of a deployed SWP in the kiosk's language, fresh each time (GET
 * /api/swps/swp-with-urls/{id}?lang=): {swc, jes, vis, video, served} (decision 82).
 */
export function linksSource(swpId) {
  const lang = kioskLanguage();
  return {
    queryKey: [...islandKeys.links(swpId), lang],
    queryFn: () => api.get(`/api/swps/swp-with-urls/${enc(swpId)}?lang=${enc(lang)}`).then((b) => ({ ...(b?.swp?.urls ?? {}), served: b?.swp?.served })),
  };
}

/** GET /api/alerts/file/{id}?lang=: the alert's file in the kiosk's language, {url, served}. */
export function useAlertFile(alertId) {
  const lang = kioskLanguage();
  return useQuery({
    queryKey: ['island', 'alert-file', alertId, lang],
    enabled: Boolean(alertId),
    retry: false,
    queryFn: () => api.get(`/api/alerts/file/${enc(alertId)}?lang=${enc(lang)}`).catch(() => null),
  });
}

/** GET /api/island/operator-status/{opId}/{swpId}: training level and the instructions rule. */
export function useOperatorStatus(opId, swpId) {
  return useQuery({
    queryKey: islandKeys.status(opId, swpId),
    enabled: Boolean(opId && swpId),
    retry: false,
    meta: failure('the operator status'),
    queryFn: () => api.get(`/api/island/operator-status/${enc(opId)}/${enc(swpId)}`),
  });
}

/** POST /api/island/settings-access {badgeNo}: { allowed, name, zones }. */
export const settingsAccess = (badgeNo) => api.post('/api/island/settings-access', badgeNo ? { badgeNo } : {});
/** POST /api/island/zone {badgeNo, zone}. */
export const saveZone = (badgeNo, zone) => api.post('/api/island/zone', { badgeNo, zone });
/** POST /api/island/revoke {badgeNo}. */
export const revokeNetbook = (badgeNo) => api.post('/api/island/revoke', { badgeNo });

const asList = (b) => (Array.isArray(b) ? b : []);

/**
 * GET /api/alerts/operator-alerts/{zone}/{opId}: alerts in force the operator has not
 * had verified. A failed call is an error the screens show and stop on, never 'no
 * alerts' (decision 98: the spec counted it as none). With `partNumber`, those of that
 * part and those of no part (the zone's own): a part's status and sitting count only
 * them (the feed itself stays the spec's).
 */
export function useOperatorAlerts(zone, opId, partNumber) {
  return useQuery({
    queryKey: ['island', 'alerts', zone, opId],
    enabled: Boolean(zone && opId),
    retry: 1,
    queryFn: () => api.get(`/api/alerts/operator-alerts/${enc(zone)}/${enc(opId)}`).then(asList),
    select: partNumber ? (list) => list.filter((a) => !a.partNumber || a.partNumber === partNumber) : undefined,
  });
}

/**
 * GET /api/island/obligations/{zone}/{opId}: the operator's open reading obligations in the
 * zone. Served only while the readiness module is on: 404 is no list; any other failure
 * is an error the list shows.
 */
export function useToRead(zone, opId) {
  return useQuery({
    queryKey: ['island', 'to-read', zone, opId],
    enabled: Boolean(zone && opId),
    retry: false,
    queryFn: () =>
      api
        .get(`/api/island/obligations/${enc(zone)}/${enc(opId)}`)
        .then(asList)
        .catch((e) => {
          if (e.status === 404) return [];
          throw e;
        }),
  });
}

/** GET /api/alerts/operator-alerts/zone/{zone}: the zone's alerts in force (the alerts view). */
export function useZoneAlerts(zone) {
  return useQuery({
    queryKey: ['island', 'zone-alerts', zone],
    enabled: Boolean(zone),
    retry: 1,
    queryFn: () => api.get(`/api/alerts/operator-alerts/zone/${enc(zone)}`).then(asList),
  });
}

/** GET /api/island/kiosk-config: {idleSecs} from `[modules.island]` (kept for the session). */
export function useKioskConfig(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['island-config'],
    meta: failure('the kiosk settings'),
    retry: false,
    staleTime: Infinity,
    queryFn: () => api.get('/api/island/kiosk-config'),
  });
}

/**
 * GET /api/swps/last-signed/{swpId}/{opId}: the revision of the part the operator signed
 * last, with its links (the 'What changed' panel); null when none.
 */
export function useLastSigned(swpId, opId) {
  return useQuery({
    queryKey: ['island', 'last-signed', swpId, opId],
    enabled: Boolean(swpId && opId),
    retry: false,
    queryFn: () => api.get(`/api/swps/last-signed/${enc(swpId)}/${enc(opId)}`).then((b) => b?.lastSigned ?? null),
  });
}

/** GET /api/swps/search-text?q=&page=&limit=: pages of deployed SWPs holding every word. */
export function useTextSearch(q, page, limit) {
  return useQuery({
    queryKey: ['island', 'search-text', q, page, limit],
    enabled: Boolean(q),
    retry: false,
    queryFn: () => api.get(`/api/swps/search-text?${new URLSearchParams({ q, page: String(page), limit: String(limit) })}`),
  });
}
