// Every server call of the Alerts module, one hook each (TanStack Query over the kit's
// `api` client, which adds the CSRF header and handles 401s).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';

const enc = encodeURIComponent;
const asList = (body) => (Array.isArray(body) ? body : []);
const failure = (what) => ({ failure: `Could not load ${what}` });

export const alertKeys = {
  all: ['alerts'],
  list: (path) => ['alerts', 'list', path],
  onBehalfOf: ['alerts', 'on-behalf-of'],
};

/** A list call: GET /api/alerts/deployed, user-pending-alerts or user-deployed-alerts. */
export function useAlertList(path) {
  return useQuery({ queryKey: alertKeys.list(path), meta: failure('the alerts'), queryFn: () => api.get(`/api/alerts/${path}`).then(asList) });
}

/** GET /api/alerts/alert/{id}: one alert (the rejected one a corrected version fills its form from). */
export function useAlert(id) {
  return useQuery({
    queryKey: ['alerts', 'one', id],
    meta: failure('the alert'),
    queryFn: () => api.get(`/api/alerts/alert/${enc(id)}`).then((b) => b?.alert ?? null),
    enabled: Boolean(id),
  });
}

/** GET /api/alerts/onBehalfOfUsers: process engineers of my company. */
export function useOnBehalfOfUsers() {
  return useQuery({
    queryKey: alertKeys.onBehalfOf,
    meta: failure('the process engineers'),
    queryFn: () => api.get('/api/alerts/onBehalfOfUsers').then(asList),
    staleTime: 60_000,
  });
}

/** GET /api/alerts/part-numbers: the kit's part search source. */
export const partSource = {
  key: 'alerts-parts',
  fetch: (term, { signal } = {}) => api.get(`/api/alerts/part-numbers?searchTerm=${enc(term)}`, { signal }).then((b) => asList(b?.partList)),
};

/** POST /api/alerts/delete-pending or delete-deployed (`kind`) with a list of ids. */
export function useDeleteAlerts(kind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids) => api.post(`/api/alerts/delete-${kind}`, ids),
    meta: { failure: 'Could not delete the alerts' },
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** POST /api/alerts/uploadS3. */
export function useSubmitAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload) => api.post('/api/alerts/uploadS3', payload),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** DELETE /api/alerts/uploadPond/{uniqueId}: drop one of my unsubmitted uploads. */
export function useDiscardUpload() {
  return useMutation({ mutationFn: (id) => api.delete(`/api/alerts/uploadPond/${enc(id)}`), meta: { failure: 'Could not remove the upload' } });
}
