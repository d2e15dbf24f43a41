// Every server call of the readiness module, one hook each (TanStack Query over the kit's
// `api` client).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';

const KEY = ['readiness'];

/** The query of the obligations list and its CSV: only the given values. */
export function listQuery(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

/** GET /api/readiness/summary?by=&zone=: [{ key, label, open, overdue, dueSoon, done, donePct }] (zone: only its documents). */
export function useSummary(by, zone = '') {
  return useQuery({
    queryKey: [...KEY, 'summary', by, zone],
    meta: { failure: 'Could not load the readiness summary' },
    queryFn: () => api.get(`/api/readiness/summary?${listQuery({ by, zone })}`).then((b) => (Array.isArray(b) ? b : [])),
  });
}

/** GET /api/readiness/obligations?…: { results, total }. */
export function useObligations(params) {
  return useQuery({
    queryKey: [...KEY, 'obligations', params],
    meta: { failure: 'Could not load the reading obligations' },
    queryFn: () =>
      api
        .get(`/api/readiness/obligations?${listQuery(params)}`)
        .then((b) => ({ results: Array.isArray(b?.results) ? b.results : [], total: Number(b?.total) || 0 })),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export's address for the same filters (a plain download link). */
export function csvHref(params) {
  return `/api/readiness/obligations.csv?${listQuery(params)}`;
}
