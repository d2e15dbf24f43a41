// Loads module remotes with the Module Federation runtime. The host is built with no
// remotes: GET /api/modules names them, they are registered here and each is fetched the
// first time one of its routes is shown. (Model: Backstage's dynamic feature loader.)
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { currentLanguage, k, translate } from '@plantdoc/kit/core';
import { moduleName } from './names';

// Said on the module's error page (in the language of the moment it failed).
const say = (key, module) => translate('host', key, { name: moduleName(module, currentLanguage()) });

/** The exposed module must be { id, routes: [{ path, element }] }. */
export function validateModule(module, exports) {
  const mod = exports && typeof exports === 'object' && 'default' in exports ? exports.default : exports;
  if (!mod || typeof mod !== 'object' || !Array.isArray(mod.routes)) {
    throw new Error(say(k('The {{name}} module did not load: its remote exports no routes.'), module));
  }
  for (const r of mod.routes) {
    if (!r || typeof r.path !== 'string' || !r.element) {
      throw new Error(say(k('The {{name}} module did not load: a route lacks a path or element.'), module));
    }
  }
  return mod;
}

export function createRuntimeLoader(runtime = { loadRemote, registerRemotes }) {
  const registered = new Set();
  const loads = new Map();
  return {
    /** Registers every enabled module's remote (no download yet). */
    register(modules) {
      const fresh = modules.filter((m) => m.enabled && m.remote && !registered.has(m.remote.scope)).map((m) => ({ name: m.remote.scope, entry: m.remote.url }));
      if (!fresh.length) return;
      fresh.forEach((r) => registered.add(r.name));
      runtime.registerRemotes(fresh);
    },
    /** The module's descriptor; a failed load is forgotten so a retry fetches again. */
    load(module) {
      if (!module.remote) return Promise.reject(new Error(say(k('The {{name}} module has no web part.'), module)));
      if (!loads.has(module.id)) {
        const exposed = module.remote.module.replace(/^\.\//, '');
        const p = Promise.resolve()
          .then(() => runtime.loadRemote(`${module.remote.scope}/${exposed}`))
          .then((exports) => validateModule(module, exports));
        p.catch(() => loads.delete(module.id));
        loads.set(module.id, p);
      }
      return loads.get(module.id);
    },
  };
}
