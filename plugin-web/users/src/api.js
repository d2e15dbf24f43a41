// Every server call of the users module, one TanStack Query hook each (over the kit's
// `api` client: CSRF header, 401 handling). Failures reach the screens as ApiError with
// the server's field map in `fields`.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@plantdoc/kit';

export const userKeys = {
  all: ['users'],
  list: ['users', 'all'],
  options: ['users', 'options'],
};

const asList = (body) => (Array.isArray(body) ? body : []);

/** GET /api/users/all: every active user of the companies the manager administers. */
export function useUsers() {
  return useQuery({ queryKey: userKeys.list, meta: { failure: 'Could not load the users' }, queryFn: () => api.get('/api/users/all').then(asList) });
}

/** GET /api/users/options: { companies, positions, departments, zones: {company: [{value, label}]} }. */
export function useUserOptions() {
  return useQuery({
    queryKey: userKeys.options,
    staleTime: Infinity,
    meta: { failure: 'Could not load the form choices' },
    queryFn: () => api.get('/api/users/options'),
  });
}

function useUserMutation(call) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.list }) });
}

/** POST /api/users/register: { user, tempPassword }. */
export function useRegisterUser() {
  return useUserMutation((fields) => api.post('/api/users/register', fields));
}

/** POST /api/users/edit: the fields plus originalEmail. */
export function useEditUser() {
  return useUserMutation((fields) => api.post('/api/users/edit', fields));
}

/** POST /api/users/delete { email }. */
export function useDeleteUser() {
  return useUserMutation((email) => api.post('/api/users/delete', { email }));
}

/** GET /api/users/pin: { provider, confirmed }: single sign-on's label (null without it) and
 * whether a fresh sign-in there waits to confirm a PIN. Missing (an older server): no provider. */
export function usePinConfirm() {
  return useQuery({ queryKey: ['users', 'pin'], queryFn: () => api.get('/api/users/pin'), retry: false });
}

/** POST /api/users/pin { pin, password }: the signed-in person's own signature PIN (no
 * password right after a fresh sign-in at the provider). */
export function useSetPin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body) => api.post('/api/users/pin', body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['users', 'pin'] }),
  });
}

/** POST /api/users/pin/issue { email }: { pin }, a one-time PIN answered once (kept by the screen only). */
export function useIssuePin() {
  return useMutation({ mutationFn: (email) => api.post('/api/users/pin/issue', { email }) });
}

/** POST /api/users/pin/issue-zone { zone }: { zone, pins: [{ name, opNo, pin }] }, the zone's sheet, answered once. */
export function useIssueZonePins() {
  return useMutation({ mutationFn: (zone) => api.post('/api/users/pin/issue-zone', { zone }) });
}

/** POST /api/users/lang { lang }: the signed-in person's own language; answers the user object. */
export function useSetLanguage() {
  return useMutation({ mutationFn: (body) => api.post('/api/users/lang', body) });
}

// Settings → Notifications: the core's calls, whose hooks live in the kit (the host's bell uses them too).
export { CHANNELS, useNotificationPrefs, useSaveNotificationPrefs } from '@plantdoc/kit';
