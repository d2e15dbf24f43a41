// The module list of the signed-in user's plant (GET /api/modules), fetched once per
// sign-in, with the loader that turns a module into its remote's routes.
import { createContext, useContext, useEffect, useState } from 'react';
import { api, useSession } from '@plantdoc/kit';

const ModulesContext = createContext(null);
const EMPTY = { status: 'idle', release: null, modules: [] };

export function ModulesProvider({ loader, children }) {
  const session = useSession();
  const userId = session.isAuthenticated ? session.user?._id : null;
  const [state, setState] = useState(EMPTY);

  useEffect(() => {
    if (!userId) {
      setState(EMPTY);
      return undefined;
    }
    let live = true;
    setState({ ...EMPTY, status: 'loading' });
    api
      .get('/api/modules')
      .then((body) => {
        if (!live) return;
        const modules = Array.isArray(body?.modules) ? body.modules : [];
        try {
          loader.register(modules);
        } catch (e) {
          // A bad remote entry must not take the console down; its page will say so.
          console.error('module registration failed', e);
        }
        setState({ status: 'ready', release: body?.release ?? null, modules });
      })
      .catch((error) => live && setState({ ...EMPTY, status: 'error', error }));
    return () => {
      live = false;
    };
  }, [userId, loader]);

  return <ModulesContext.Provider value={{ ...state, loader }}>{children}</ModulesContext.Provider>;
}

export function useModules() {
  const ctx = useContext(ModulesContext);
  if (!ctx) throw new Error('useModules outside ModulesProvider');
  return ctx;
}
