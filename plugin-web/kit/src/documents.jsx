// Server calls that more than one remote makes: one hook (or source) per endpoint and one
// cache key, here, so that no two remotes wrap the same call under two keys. The keys
// start with the owning module's prefix (['swp', …], ['alerts', …]), so the owner's own
// invalidations (['swp'] after a review, ['swp', 'deployed'] after a zone edit) reach
// them wherever they were loaded. Sources ({ queryKey, queryFn } or { key, fetch }) are
// for the kit's components that decide the timing (useSignedLinks, DocumentViewer,
// PartNumberSearch).
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

const enc = encodeURIComponent;
const asList = (body) => (Array.isArray(body) ? body : []);
const failure = (what) => ({ failure: `Could not load ${what}` });

/** The cache keys of the calls below. */
export const documentKeys = {
  deployedSwp: (partId) => ['swp', 'deployed', 'part', partId],
  swpLinks: (swpId) => ['swp', 'links', swpId],
  signHistory: (id) => ['swp', 'sign-history', id],
  alertLink: (alertId) => ['alerts', 'url', alertId],
};

/** GET /api/swps/deployed-swp?partId=: the part's deployed SWP ('details'; partId: a catalogue part id). */
export function useDeployedSwp(partId) {
  return useQuery({
    queryKey: documentKeys.deployedSwp(partId),
    meta: failure('the SWP data'),
    queryFn: () => api.get(`/api/swps/deployed-swp?partId=${enc(partId)}`).then((body) => body?.details ?? null),
    enabled: Boolean(partId),
  });
}

/** GET /api/swps/signed-urls/{id}: an SWP's document links, a source for useSignedLinks / DocumentViewer. */
export function swpLinks(swpId) {
  return {
    queryKey: documentKeys.swpLinks(swpId),
    meta: failure('the SWP documents'),
    queryFn: () => api.get(`/api/swps/signed-urls/${enc(swpId)}`).then((body) => body?.urls || {}),
  };
}

const signHistory = (id) => ({
  queryKey: documentKeys.signHistory(id),
  meta: failure('the sign history'),
  queryFn: () => api.get(`/api/island/sign-history/${enc(id)}`),
  enabled: Boolean(id),
});

/** GET /api/island/sign-history/{id}: sign records of a part's deployed SWP (an SWP id or a catalogue part id). */
export function useSignHistory(id) {
  return useQuery({ ...signHistory(id), select: (body) => asList(body?.opsSigned) });
}

/** The same answer's revision and why it was made: { revision, changes, changeRequest }. */
export function useSignedRevision(id) {
  return useQuery({
    ...signHistory(id),
    select: (body) => ({ revision: body?.revision ?? null, changes: body?.changes ?? '', changeRequest: body?.changeRequest ?? null }),
  });
}

/** GET /api/swps/deployed-swp-part-numbers: deployed parts by prefix, PartNumberSearch's source (ids are catalogue part ids). */
export const deployedSwpParts = {
  key: 'swp-deployed-parts',
  fetch: (term, { limit, signal } = {}) =>
    api.get(`/api/swps/deployed-swp-part-numbers?searchTerm=${enc(term)}&limit=${limit}`, { signal }).then((body) => asList(body?.swpList)),
};

/** GET /api/alerts/signed-url/{id}: an alert's document link (the body: a string, or {url}), a source for useSignedLinks. */
export function alertLink(alertId) {
  return {
    queryKey: documentKeys.alertLink(alertId),
    meta: failure('the alert document'),
    queryFn: () =>
      api.get(`/api/alerts/signed-url/${enc(alertId)}`).then((body) => {
        const url = typeof body === 'string' ? body : body?.url;
        if (!url) throw new Error('No alert link');
        return url;
      }),
  };
}
