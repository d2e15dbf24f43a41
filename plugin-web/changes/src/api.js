// Every server call of the changes module, one hook each (TanStack Query over the kit's
// `api` client).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';

const KEY = ['changes'];

/** The list's query string: only the given values. */
export function listQuery(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

/** GET /api/changes?state=&q=&page=: { items, total, page }. */
export function useRequests({ state, q, page, enabled = true }) {
  return useQuery({
    queryKey: [...KEY, 'list', state, q, page],
    meta: { failure: 'Could not load the change requests' },
    placeholderData: keepPreviousData,
    enabled,
    queryFn: () => api.get(`/api/changes?${listQuery({ state, q, page })}`),
  });
}

/** GET /api/changes/{id}: one request with its zones and revisions. */
export function useRequest(id) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    meta: { failure: 'Could not load the change request' },
    enabled: Boolean(id),
    queryFn: () => api.get(`/api/changes/${encodeURIComponent(id)}`),
  });
}

/** POST /api/changes, /api/changes/approve/{id}, /reject/{id}, /{id}/close: every list and request refetches. */
export function useChangeAct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }) => api.post(path, body),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /api/changes/reviews?due_within_days=: { items }. */
export function useDueReviews(days) {
  return useQuery({
    queryKey: [...KEY, 'reviews', days],
    meta: { failure: 'Could not load the documents due for review' },
    queryFn: () => api.get(`/api/changes/reviews?due_within_days=${days}`),
  });
}

/** GET /api/changes/reviews/backlog: [{ month, due }]. */
export function useBacklog() {
  return useQuery({
    queryKey: [...KEY, 'backlog'],
    meta: { failure: 'Could not load the review backlog' },
    queryFn: () => api.get('/api/changes/reviews/backlog'),
  });
}
