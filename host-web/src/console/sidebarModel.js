// Sidebar entries from GET /api/modules: grouped under the spec's three groups, ordered by
// `order`; entries with no group go below the groups. A disabled module whose manifest says
// `whenDisabled: 'hide'` has no entry.
import { moduleState } from '../modules/releases';

export const SIDEBAR_GROUPS = ['Document Control', 'Production', 'Engineering'];
export const NOT_AVAILABLE = 'Not available in this package';
export const COMING_SOON_ROUTE = '/main/coming-soon';

export function sidebarEntries(modules, plantRelease) {
  return (modules || [])
    .filter((m) => m.sidebar && (m.sidebar.route || m.route) && (m.enabled || m.whenDisabled !== 'hide'))
    .map((m) => ({
      id: m.id,
      name: m.name,
      release: m.release,
      group: m.sidebar.group || null,
      label: m.sidebar.label,
      icon: m.sidebar.icon,
      route: m.sidebar.route || m.route,
      order: m.sidebar.order ?? 0,
      state: moduleState(m, plantRelease),
    }))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
}

/** [{ group, entries }] for the three groups (non-empty ones), then { group: null }. */
export function groupEntries(entries) {
  const known = SIDEBAR_GROUPS.map((group) => ({ group, entries: entries.filter((e) => e.group === group) }));
  const rest = entries.filter((e) => !SIDEBAR_GROUPS.includes(e.group));
  return [...known.filter((g) => g.entries.length), ...(rest.length ? [{ group: null, entries: rest }] : [])];
}

/** The entry whose route holds this path (for the selected item and the page title). */
export function entryForPath(entries, pathname) {
  return entries.find((e) => pathname === e.route || pathname.startsWith(`${e.route}/`)) || null;
}
