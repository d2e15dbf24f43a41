// Every server call of the SWPs module, one hook each (TanStack Query over the kit's
// `api` client, which adds the CSRF header and handles 401s). Calls whose timing the kit
// decides (signed links, signed operators, part suggestions) are exported as sources:
// { queryKey, queryFn } or { key, fetch }. The calls other remotes make too (a part's
// deployed SWP, an SWP's links, the sign history, the deployed part search) are the
// kit's, one hook each, under the keys below (documentKeys).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, deployedSwpParts, keepAnswer, swpLinks, useDeployedSwp, useSignHistory, useSignedRevision } from '@plantdoc/kit';
import { pagedPath } from './lib';

export { deployedSwpParts, swpLinks, useDeployedSwp, useSignHistory, useSignedRevision };

const enc = encodeURIComponent;
const asList = (body) => (Array.isArray(body) ? body : []);
// What the kit's query client logs when a call fails (spec section 8: failures are logged).
const failure = (what) => ({ failure: `Could not load ${what}` });

/** Query keys: every key starts with 'swp', deployed lists with ['swp', 'deployed']. */
export const swpKeys = {
  all: ['swp'],
  pending: ['swp', 'pending'],
  userPending: ['swp', 'pending', 'mine'],
  allPending: ['swp', 'pending', 'all'],
  deployed: ['swp', 'deployed'],
  userDeployed: ['swp', 'deployed', 'mine'],
  deployedPage: (params) => ['swp', 'deployed', 'page', params],
  signedOps: (swpId) => ['swp', 'signed-ops', swpId],
  obsoleteHistory: (partNumber) => ['swp', 'obsolete-history', partNumber],
  onBehalfOf: ['swp', 'on-behalf-of'],
};

// --- lists ---

/** GET /api/swps/user-pending-swps: my SWPs in review or rejected. */
export function useUserPendingSwps() {
  return useQuery({ queryKey: swpKeys.userPending, meta: failure('the pending SWPs'), queryFn: () => api.get('/api/swps/user-pending-swps').then(asList) });
}

/** GET /api/swps/pending-swps: every pending SWP I see. */
export function usePendingSwps() {
  return useQuery({ queryKey: swpKeys.allPending, meta: failure('the pending SWPs'), queryFn: () => api.get('/api/swps/pending-swps').then(asList) });
}

/** GET /api/swps/user-deployed-swps: my deployed SWPs. */
export function useUserDeployedSwps() {
  return useQuery({ queryKey: swpKeys.userDeployed, meta: failure('the approved SWPs'), queryFn: () => api.get('/api/swps/user-deployed-swps').then(asList) });
}

/** GET /api/swps/deployed-swps-paginated: { results, total } for { page, limit, search, sortBy, sortOrder }. */
export function useDeployedSwpsPage(params) {
  return useQuery({
    queryKey: swpKeys.deployedPage(params),
    meta: failure('the deployed SWPs'),
    queryFn: () =>
      api.get(pagedPath(params)).then((body) => ({ results: asList(body?.results), total: Number(body?.total) || 0, totalExact: body?.totalExact !== false })),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/swps/search-text: pages of deployed SWPs' documents with every word: { results, total }. */
export function useTextSearch({ q, page, limit }) {
  return useQuery({
    queryKey: ['swp', 'deployed', 'text', { q, page, limit }],
    meta: failure('the search results'),
    queryFn: () =>
      api
        .get(`/api/swps/search-text?q=${enc(q)}&page=${page}&limit=${limit}`)
        .then((body) => ({ results: asList(body?.results), total: Number(body?.total) || 0, totalExact: body?.totalExact !== false })),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

// --- one SWP or part ---

/** GET /api/swps/swp/{id}: one SWP (the viewer opened from a link). */
export function useSwp(swpId) {
  return useQuery({
    queryKey: ['swp', 'one', swpId],
    meta: failure('the SWP'),
    queryFn: () => api.get(`/api/swps/swp/${enc(swpId)}`).then((body) => body?.swp ?? null),
    enabled: Boolean(swpId),
  });
}

/**
 * GET /api/swps/{id}/translations/missing: what the revision it follows is translated into and
 * this one is not yet, as the kit's MissingTranslations takes it ({missing, error}).
 */
export function useMissingTranslations(swpId) {
  const q = useQuery({
    queryKey: ['swp', 'missing-translations', swpId],
    meta: failure('the translations this revision still needs'),
    queryFn: () => api.get(`/api/swps/${enc(swpId)}/translations/missing`).then((body) => asList(body?.missing)),
    enabled: Boolean(swpId),
  });
  return { missing: q.data, error: q.error ? q.error.message || String(q.error) : '' };
}

/** GET /api/swps/signed-ops/{id}: who signed, for the kit's OperatorsSignedModal. */
export function swpSignedOps(swpId) {
  return { queryKey: swpKeys.signedOps(swpId), queryFn: () => api.get(`/api/swps/signed-ops/${enc(swpId)}`) };
}

/** GET /api/swps/catalogue-part-numbers: every catalogue part (deployed or not), for the Upload form. */
export const catalogueParts = {
  key: 'swp-catalogue-parts',
  fetch: (term, { limit, signal } = {}) =>
    api.get(`/api/swps/catalogue-part-numbers?searchTerm=${enc(term)}&limit=${limit}`, { signal }).then((body) => asList(body?.partList)),
};

/** GET /api/island/obsolete-sign-history/{partNumber}: one group per obsolete revision (90 days). */
export function useObsoleteSignHistory(partNumber) {
  return useQuery({
    queryKey: swpKeys.obsoleteHistory(partNumber),
    meta: failure('the obsolete sign history'),
    queryFn: () => api.get(`/api/island/obsolete-sign-history/${enc(partNumber)}`).then(asList),
    enabled: Boolean(partNumber),
  });
}

/** GET /api/swps/onBehalfOfUsers: process engineers of my company. */
export function useOnBehalfOfUsers() {
  return useQuery({
    queryKey: swpKeys.onBehalfOf,
    meta: failure('the process engineers'),
    queryFn: () => api.get('/api/swps/onBehalfOfUsers').then(asList),
    staleTime: 60_000,
  });
}

// --- changes ---

/** POST /api/swps/delete-pending or delete-deployed (`kind`) with a list of ids. */
export function useDeleteSwps(kind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids) => api.post(`/api/swps/delete-${kind}`, ids),
    meta: { failure: 'Could not delete the SWPs' },
    onSuccess: (_, ids) => {
      // The rows go at once; the lists then reload from the server.
      const prefix = kind === 'pending' ? swpKeys.pending : swpKeys.deployed;
      client.setQueriesData({ queryKey: prefix }, (rows) => (Array.isArray(rows) ? rows.filter((r) => !ids.includes(r._id)) : rows));
      client.invalidateQueries({ queryKey: swpKeys.all });
    },
  });
}

/** POST /api/swps/uploadS3: submit an SWP from my uploads. */
export function useSubmitSwp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload) => api.post('/api/swps/uploadS3', payload),
    onSuccess: () => client.invalidateQueries({ queryKey: swpKeys.all }),
  });
}

/** DELETE /api/swps/uploadPond/{serverId}: drop one of my unsubmitted uploads. */
export function useDiscardUpload() {
  return useMutation({
    mutationFn: (serverId) => api.delete(`/api/swps/uploadPond/${enc(serverId)}`),
    meta: { failure: 'Could not remove the upload' },
  });
}

/** POST /api/swps/edit/{id} {zones}: change a deployed SWP's zones. */
export function useEditSwpZones(swpId) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (zones) => api.post(`/api/swps/edit/${enc(swpId)}`, { zones }),
    meta: { failure: 'Could not save the zones' },
    onSuccess: () => client.invalidateQueries({ queryKey: swpKeys.deployed }),
  });
}

// --- translations (decisions 82 and 95) ---

/**
 * DELETE /api/swps/translations/{translationId}: that one (one in review leaves the served
 * one, decision 95); an item without an id: DELETE /api/swps/{id}/translations/{section}/{lang}.
 */
export function useRemoveTranslation(swpId) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (t) => api.delete(t.id ? `/api/swps/translations/${enc(t.id)}` : `/api/swps/${enc(swpId)}/translations/${enc(t.section)}/${enc(t.lang)}`),
    meta: { failure: 'Could not remove the translation' },
    onSuccess: (body) => body?.swp && keepAnswer(client, ['swp', 'one', swpId], body.swp),
  });
}
