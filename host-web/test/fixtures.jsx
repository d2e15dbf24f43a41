// A module list shaped like GET /api/modules in release 1.0.
const remote = (id) => ({ url: `/remotes/${id}/remoteEntry.js`, scope: `plantdoc_${id}`, module: './Module' });
const mod = (id, name, enabled, release, sidebar) => ({ id, name, enabled, release, sidebar, dependencies: [], remote: remote(id) });

export const modulesR1 = {
  release: '1.0',
  modules: [
    mod('alerts', 'Alerts', true, '1.0', { group: 'Document Control', label: 'Alerts', icon: 'WarningOutlined', route: '/main/alerts', order: 30 }),
    mod('dashboard', 'Dashboard', false, '2.0', { group: 'Production', label: 'Dashboard', icon: 'DashboardOutlined', route: '/main/dashboard', order: 10 }),
    mod('swp', 'SWPs', true, '1.0', { group: 'Document Control', label: 'SWPs', icon: 'FileTextOutlined', route: '/main/swps', order: 20 }),
    mod('island', 'Island', true, '1.0', null),
    mod('kanban', 'Kanban', false, '2.0', { group: 'Engineering', label: 'Kanban', icon: 'ProjectOutlined', route: '/main/kanban', order: 10 }),
    mod('signoff', 'Sign Off', true, '1.0', { group: 'Document Control', label: 'Sign Off', icon: 'CheckSquareOutlined', route: '/main/sign-off', order: 10 }),
    mod('training', 'Training', false, '2.0', { group: 'Production', label: 'Training', icon: 'TeamOutlined', route: '/main/training', order: 20 }),
    mod('users', 'Settings', false, '1.0', { group: null, label: 'Settings', icon: 'SettingOutlined', route: '/main/settings', order: 90 }),
  ],
};

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
