// Where the module list says things are: the host names no module itself.
//   - the kiosk module (`mount: 'kiosk'`): its route is where operators go and where the
//     host mounts the shared kiosk frame;
//   - the console's home: the enabled console module with the lowest `home` (then, with
//     none, the first enabled one in sidebar order). /main, the landing page and the login
//     page's redirect for staff go there.

export function kioskModule(modules) {
  return (modules || []).find((m) => m.mount === 'kiosk' && m.route) || null;
}

const isConsole = (m) => m.mount === 'console' && typeof m.route === 'string';
const order = (m) => m.sidebar?.order ?? Number.MAX_SAFE_INTEGER;

export function consoleHome(modules) {
  const enabled = (modules || []).filter((m) => m.enabled && isConsole(m));
  const homes = enabled.filter((m) => typeof m.home === 'number').sort((a, b) => a.home - b.home);
  const first = homes[0] || [...enabled].sort((a, b) => order(a) - order(b))[0];
  return first?.route ?? null;
}

/** The console modules mounted under /main (a disabled 'hide' module is not). */
export function consoleModules(modules) {
  return (modules || []).filter((m) => isConsole(m) && m.route.startsWith('/main/') && (m.enabled || m.whenDisabled !== 'hide'));
}

/** Where a signed-in user belongs: operators the kiosk, everyone else the console home. */
export function homeOf(session, modules) {
  return session.isOperator ? (kioskModule(modules)?.route ?? null) : consoleHome(modules);
}
