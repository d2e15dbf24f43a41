// Plant releases are dotted numbers ('1.0', '2.0', '2.1'); compared part by part.
export function compareReleases(a, b) {
  const pa = String(a ?? '')
    .split('.')
    .map((n) => parseInt(n, 10) || 0);
  const pb = String(b ?? '')
    .split('.')
    .map((n) => parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d) return d;
  }
  return 0;
}

/**
 * How a module shows in the sidebar: 'enabled' (a link to its route), 'coming-soon' (off,
 * and shipped by a newer release than the plant's: leads to /main/coming-soon), or
 * 'unavailable' (off in this package: greyed out).
 */
export function moduleState(module, plantRelease) {
  if (module.enabled) return 'enabled';
  return compareReleases(module.release, plantRelease) > 0 ? 'coming-soon' : 'unavailable';
}
