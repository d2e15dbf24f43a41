// Every server call of the changes module, one hook each (TanStack Query over the kit's
// `api` client).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';

const KEY = ['changes', 'items'];

/** GET /api/changes/items: [{ _id, title, createdAt }]. */
export function useItems() {
  return useQuery({ queryKey: KEY, meta: { failure: 'Could not load the items' }, queryFn: () => api.get('/api/changes/items') });
}

/** POST /api/changes/items { title }. */
export function useAddItem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body) => api.post('/api/changes/items', body), onSettled: () => qc.invalidateQueries({ queryKey: KEY }) });
}
