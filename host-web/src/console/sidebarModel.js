// Sidebar entries from GET /api/modules: grouped under the spec's three groups, ordered by
// `order`; entries with no group go below the groups. A disabled module whose manifest says
// `whenDisabled: 'hide'` has no entry. Labels are in the page's language when the manifest
// has one (`sidebar.labels`), else English; group titles are translated where shown.
import { k } from '@plantdoc/kit/core';
import { moduleState } from '../modules/releases';
import { moduleName, sidebarLabel } from '../modules/names';

export const SIDEBAR_GROUPS = [k('Document Control'), k('Production'), k('Engineering')];
export const NOT_AVAILABLE = k('Not available in this package');
export const COMING_SOON_ROUTE = '/main/coming-soon';

/** `lng`: the page's language (useLanguage()); English when not given. */
export function sidebarEntries(modules, plantRelease, lng = 'en') {
  return (modules || [])
    .filter((m) => m.sidebar && (m.sidebar.route || m.route) && (m.enabled || m.whenDisabled !== 'hide'))
    .map((m) => ({
      id: m.id,
      name: moduleName(m, lng),
      release: m.release,
      group: m.sidebar.group || null,
      label: sidebarLabel(m, lng),
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
