// Every server call of the Sign Off page, one hook each, on the swp and alerts modules'
// calls (spec section 7). Signed links are sources for the kit: { queryKey, queryFn };
// the document links are the kit's (other remotes show the same documents).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertLink, api, swpLinks } from '@plantdoc/kit';

export { alertLink, swpLinks };

const enc = encodeURIComponent;
const asList = (body) => (Array.isArray(body) ? body : []);
const uploadedAt = (a) => Date.parse(a?.uploadDate?.timestamp ?? a?.uploadDate?.date ?? a?.uploadDate ?? '') || 0;
const byUploaded = (a, b) => uploadedAt(a) - uploadedAt(b);
const failure = (what) => ({ failure: `Could not load ${what}` });

export const signoffKeys = {
  swps: ['signoff', 'swps'],
  alerts: ['signoff', 'alerts'],
};

/** GET /api/swps/pending-my-approval: { swps, urls }; the list only (links come fresh per view). */
export function usePendingSwps() {
  return useQuery({
    queryKey: signoffKeys.swps,
    meta: failure('the SWPs pending your approval'),
    queryFn: () => api.get('/api/swps/pending-my-approval').then((body) => asList(body?.swps)),
  });
}

/** GET /api/alerts/pending-my-approval: a list of alerts. */
export function usePendingAlerts() {
  return useQuery({
    queryKey: signoffKeys.alerts,
    meta: failure('the alerts pending your approval'),
    // The review steps through them in the table's default order: Uploaded ascending.
    queryFn: () => api.get('/api/alerts/pending-my-approval').then((body) => [...asList(body)].sort(byUploaded)),
  });
}

/**
 * POST /api/{swps|alerts}/{approve|reject}/{id} {reviewNote}. `kind` 'swp' or 'alert'.
 * Approve failures are logged (spec section 8); reject errors go to the form.
 */
export function useReview(kind, verdict) {
  const client = useQueryClient();
  const base = kind === 'swp' ? '/api/swps' : '/api/alerts';
  return useMutation({
    mutationFn: ({ id, reviewNote }) => api.post(`${base}/${verdict}/${enc(id)}`, { reviewNote }),
    meta: verdict === 'approve' ? { failure: `Could not approve the ${kind === 'swp' ? 'SWP' : 'alert'}` } : undefined,
    onSuccess: () => {
      // Other pages' lists of this kind are out of date now.
      client.invalidateQueries({ queryKey: [kind === 'swp' ? 'swp' : 'alerts'] });
    },
  });
}
