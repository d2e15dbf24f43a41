// A module list shaped like GET /api/modules in release 1.0 (the plugins/<id>/module.json
// manifests, with `enabled` and the remote's address).
export { renderWithQuery, stubFetch } from '../../plugin-web/kit/test/helpers';

const remote = (id) => ({ url: `/remotes/${id}/remoteEntry.js`, scope: `plantdoc_${id}`, module: './Module' });
const mod = (id, name, enabled, release, route, sidebar, extra = {}) => ({
  id,
  name,
  enabled,
  release,
  mount: 'console',
  route,
  home: null,
  whenDisabled: 'grey',
  sidebar: sidebar && { ...sidebar, route },
  api: [`/api/${id}/`],
  migrations: [],
  dependencies: [],
  remote: remote(id),
  ...extra,
});

export const modulesR1 = {
  release: '1.0',
  modules: [
    mod('alerts', 'Alerts', true, '1.0', '/main/alerts', { group: 'Document Control', label: 'Alerts', icon: 'WarningOutlined', order: 30 }),
    mod(
      'dashboard',
      'Dashboard',
      false,
      '2.0',
      '/main/dashboard',
      { group: 'Production', label: 'Dashboard', icon: 'DashboardOutlined', order: 10 },
      { home: 1 },
    ),
    mod('swp', 'SWPs', true, '1.0', '/main/swps', { group: 'Document Control', label: 'SWPs', icon: 'FileTextOutlined', order: 20 }, { home: 2 }),
    mod('island', 'Island', true, '1.0', '/island', null, { mount: 'kiosk', whenDisabled: 'notice' }),
    mod('kanban', 'Kanban', false, '2.0', '/main/kanban', { group: 'Engineering', label: 'Kanban', icon: 'ProjectOutlined', order: 10 }),
    mod('signoff', 'Sign Off', true, '1.0', '/main/sign-off', { group: 'Document Control', label: 'Sign Off', icon: 'CheckSquareOutlined', order: 10 }),
    mod('training', 'Training', false, '2.0', '/main/training', { group: 'Production', label: 'Training', icon: 'TeamOutlined', order: 20 }),
    mod('users', 'Settings', false, '1.0', '/main/settings', { group: null, label: 'Settings', icon: 'SettingOutlined', order: 90 }),
  ],
};

/** The same plant with every module on (release 2.0). */
export const modulesR2 = {
  release: '2.0',
  modules: modulesR1.modules.map((m) => ({ ...m, enabled: true })),
};

/** Edits some modules of a list: `changes` maps an id to the fields to replace. */
export function withModules(list, changes) {
  return { ...list, modules: list.modules.map((m) => (changes[m.id] ? { ...m, ...changes[m.id] } : m)) };
}

export const manager = { _id: 'u1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', status: 'ACTIVE' };
export const operator = { _id: 'u2', firstname: 'Kiosk', lastname: 'One', position: 'operator', status: 'ACTIVE' };

/** A loader whose remotes render a page naming the module (or fail, per `failing`). */
export function fakeLoader({ failing = [] } = {}) {
  return {
    registered: [],
    register(modules) {
      this.registered.push(...modules.filter((m) => m.enabled && m.remote).map((m) => m.remote.scope));
    },
    load(module) {
      if (failing.includes(module.id)) return Promise.reject(new Error(`Loading script failed: ${module.remote.url}`));
      return Promise.resolve({ id: module.id, routes: [{ path: '', element: <div>{`${module.name} page`}</div> }] });
    },
  };
}
