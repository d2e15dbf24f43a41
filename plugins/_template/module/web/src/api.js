// Every server call of the {{id}} module, one hook each (TanStack Query over the kit's
// `api` client).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';

const KEY = ['{{id}}', 'items'];

/** GET /api/{{id}}/items: [{ _id, title, createdAt }]. */
export function useItems() {
  return useQuery({ queryKey: KEY, meta: { failure: 'Could not load the items' }, queryFn: () => api.get('/api/{{id}}/items') });
}

/** POST /api/{{id}}/items { title }. */
export function useAddItem() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (body) => api.post('/api/{{id}}/items', body), onSettled: () => qc.invalidateQueries({ queryKey: KEY }) });
}
