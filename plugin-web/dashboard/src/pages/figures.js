// The plant's figures (decision 102): GET /api/dashboard/figures for the signed-in person,
// from their local midnight. The spec's tiles show these, never sample data; a figure a
// disabled module does not give is left out.
import { useQuery } from '@tanstack/react-query';
import { api, k } from '@plantdoc/kit';

export const FIGURES_FAILED = k("The plant's figures could not be loaded.");
const DAY_MS = 24 * 60 * 60 * 1000;

/** The person's local midnight today (ms). */
export function localMidnight(now = new Date()) {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
}

export function usePlantFigures() {
  const today = localMidnight();
  return useQuery({
    queryKey: ['dashboard', 'figures', today],
    queryFn: () => api.get(`/api/dashboard/figures?today=${today}`),
    meta: { failure: FIGURES_FAILED },
    refetchInterval: 60000,
  });
}

/** The tiles: the spec's titles over the figures that feed them (sum of the keys given). */
export const TILES = [
  { key: 'deployed', title: k('SWPs Deployed'), from: ['swpsDeployed'] },
  { key: 'pending', title: k('Pending Approval'), from: ['swpsWaiting', 'alertsWaiting'] },
  { key: 'alerts', title: k('Alerts In Force'), from: ['alertsDeployed'] },
  { key: 'overdue', title: k('Overdue Readings'), from: ['readingsOverdue'] },
  { key: 'signed', title: k('Operators Signed Today'), from: ['operatorsSignedToday'] },
  // The spec's tile, real: the week's alert signatures verified within 30 minutes of the
  // read ('—' before any).
  { key: 'alerts30', title: k('Alerts Signed Within 30 Minutes'), from: ['alertsSignedWithin30MinPct'], suffix: '%', always: true },
];

/** The tiles whose figures the answer has (and the spec's always), with their values (null: none yet). */
export function tiles(figures = {}) {
  return TILES.filter((t) => t.always || t.from.some((f) => f in figures)).map((t) => ({
    ...t,
    value: t.from.some((f) => f in figures) ? t.from.reduce((n, f) => n + (figures[f] ?? 0), 0) : null,
  }));
}

const WEEKDAYS = [k('Sun'), k('Mon'), k('Tue'), k('Wed'), k('Thu'), k('Fri'), k('Sat')];

/** The chart's bars: the last seven days' signatures, oldest first, labelled by weekday. */
export function week(counts = [], today = localMidnight()) {
  return counts.map((value, i) => ({ label: WEEKDAYS[new Date(today - (counts.length - 1 - i) * DAY_MS + DAY_MS / 2).getDay()], value }));
}
