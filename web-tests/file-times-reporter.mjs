// A node test reporter beside `spec`: at the end, the slowest e2e files and any over
// 120 s. `--test-timeout` bounds each file as one test (180 s), so a file that grows
// towards it fails at random on a loaded machine; this line says which to split first.
// Node 20 reports no event for a file that passes, so a file's time is the span between
// the first and the last event that names it (its server's start included).
const WARN_MS = 120_000;

export default async function* fileTimes(source) {
  const spans = new Map();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file) continue;
    const now = Date.now();
    const span = spans.get(file) || { first: now, last: now };
    span.last = now;
    spans.set(file, span);
  }
  if (spans.size === 0) return;
  const files = [...spans].map(([file, s]) => ({ name: file.split('/').pop(), ms: s.last - s.first })).sort((a, b) => b.ms - a.ms);
  const s = (f) => `${f.name} ${(f.ms / 1000).toFixed(0)} s`;
  yield `\ne2e files, slowest: ${files.slice(0, 5).map(s).join(', ')}\n`;
  const over = files.filter((f) => f.ms > WARN_MS);
  if (over.length) yield `e2e files over ${WARN_MS / 1000} s (split them: --test-timeout counts a file as one test): ${over.map(s).join(', ')}\n`;
}
