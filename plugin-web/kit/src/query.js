// Server state goes through TanStack Query. The host renders the one QueryClientProvider
// (with the client made here); @tanstack/react-query is a federation singleton, so every
// module's hooks share that cache. Query functions call the kit's `api`: one fetch layer.
import { useCallback } from 'react';
import { MutationCache, QueryCache, QueryClient, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useT } from './i18n';
import { zoneOptions } from './zones';

// A failed query is logged once, here, with the text its hook gives as `meta.failure`
// (e.g. 'Could not load the pending SWPs'); the screens only show what they can. A failed
// change is logged only when its hook names it: most show their errors in the form.
const logFailure = (err, { meta } = {}) => console.error(meta?.failure || 'A request failed', err);
const logNamedFailure = (err, _vars, _ctx, mutation) => {
  if (mutation?.meta?.failure) console.error(mutation.meta.failure, err);
};

/** The product's defaults: no silent retries (a failure shows at once, as before). */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    mutationCache: new MutationCache({ onError: logNamedFailure }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

// Signed document links live at most 300 s (storage.link_ttl_secs); they are fetched
// again at 80 % of their lifetime.
export const LINK_LIFETIME_SECONDS = 300;
export const LINK_REFRESH_RATIO = 0.8;

export function linkRefreshMs(lifetimeSeconds = LINK_LIFETIME_SECONDS) {
  return Math.max(1000, Math.round(lifetimeSeconds * 1000 * LINK_REFRESH_RATIO));
}

/**
 * Signed links ({ queryKey, queryFn } from a module's api.js). Never served from a cache:
 * fetched each time they are shown (mount, or a new key), again before they expire while
 * shown (also in a background tab), and on focus when older than the refresh point. So a
 * viewer or kiosk left open for hours never shows an expired link.
 */
export function useSignedLinks({ queryKey, queryFn, enabled = true, lifetimeSeconds }) {
  const refresh = linkRefreshMs(lifetimeSeconds);
  return useQuery({
    queryKey,
    queryFn,
    enabled,
    gcTime: 0,
    staleTime: refresh,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: refresh,
    refetchIntervalInBackground: true,
  });
}

/**
 * A write's answer becomes a query's data. A read of that query still under way (begun
 * before the write landed) is cancelled first: its older answer would otherwise land over
 * the newer one and stay (a translation added, then gone from the list).
 */
export async function keepAnswer(client, queryKey, data) {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, data);
}

const asList = (body) => (Array.isArray(body) ? body : []);

/**
 * GET /api/zones: the zones of the signed-in user's company, as value/label pairs, the
 * labels in the page's language (they follow a change of language: the cache keeps the
 * server's English).
 */
export function useZones({ enabled = true } = {}) {
  const t = useT('kit');
  const select = useCallback((list) => zoneOptions(list, t), [t]);
  return useQuery({ queryKey: ['core', 'zones'], queryFn: () => api.get('/api/zones').then(asList), enabled, staleTime: 60_000, select });
}
