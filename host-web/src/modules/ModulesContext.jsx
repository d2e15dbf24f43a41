// The module list of the signed-in user's plant (GET /api/modules), fetched once per
// sign-in, with the loader that turns a module into its remote's routes. Before sign-in
// the list is empty ('idle'): the server answers it to signed-in users only.
import { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, useSession } from '@plantdoc/kit/core';

const ModulesContext = createContext(null);
const NONE = [];

export function ModulesProvider({ loader, children }) {
  const session = useSession();
  const userId = session.isAuthenticated ? session.user?._id : null;
  const query = useQuery({
    queryKey: ['core', 'modules', userId],
    queryFn: async () => {
      const body = await api.get('/api/modules');
      const modules = Array.isArray(body?.modules) ? body.modules : [];
      try {
        loader.register(modules);
      } catch (e) {
        // A bad remote entry must not take the console down; its page will say so.
        console.error('module registration failed', e);
      }
      return { release: body?.release ?? null, modules };
    },
    enabled: Boolean(userId),
    staleTime: Infinity,
    meta: { failure: 'Could not load the module list' },
  });

  const value = useMemo(() => {
    let status = 'ready';
    if (!userId) status = 'idle';
    else if (query.isError) status = 'error';
    else if (!query.data) status = 'loading';
    return {
      status,
      release: (userId && query.data?.release) ?? null,
      modules: (userId && query.data?.modules) || NONE,
      error: query.error,
      loader,
    };
  }, [userId, query.data, query.isError, query.error, loader]);

  return <ModulesContext.Provider value={value}>{children}</ModulesContext.Provider>;
}

export function useModules() {
  const ctx = useContext(ModulesContext);
  if (!ctx) throw new Error('useModules outside ModulesProvider');
  return ctx;
}
