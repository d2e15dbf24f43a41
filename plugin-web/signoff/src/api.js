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

// --- translations under review (decision 95) ---

/** The modules whose translations the page reviews, by their calls' base. */
const TRANSLATED = ['swps', 'alerts'];

/**
 * GET /api/{swps|alerts}/translations/waiting: the translations waiting for the caller's
 * stage, each with its `module`; a module that is off (404) has none.
 */
export function useWaitingTranslations() {
  return useQuery({
    queryKey: ['signoff', 'translations'],
    meta: failure('the translations pending your approval'),
    queryFn: () =>
      Promise.all(
        TRANSLATED.map((module) =>
          api
            .get(`/api/${module}/translations/waiting`)
            .then((body) => (body?.translations || []).map((t) => ({ ...t, module })))
            .catch((err) => (err?.status === 404 ? [] : Promise.reject(err))),
        ),
      ).then((lists) => lists.flat()),
  });
}

/** POST /api/{module}/translations/{approve|reject}/{id} {reviewNote}; the list is read again. */
export function useTranslationReview(verdict) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ module, id, reviewNote }) => api.post(`/api/${module}/translations/${verdict}/${enc(id)}`, { reviewNote }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['signoff', 'translations'] }),
  });
}

/** GET /api/{module}/translations/file/{id}: a short-lived link to the proposed file. */
export const translationFile = (module, id) => api.get(`/api/${module}/translations/file/${enc(id)}`).then((b) => b?.url);
