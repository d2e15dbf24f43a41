// A third reporter for `npm run e2e`: each file's time as the sum of its top-level tests
// and describe blocks (node 20 queues a file's events until its turn, so the span between
// a file's first and last event is not its time; each test's own duration is). Writes
// test-results/e2e-times.tsv (file, seconds, tests), read by .ci/profile.py.
import path from 'node:path';

export default async function* times(source) {
  const files = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (!file) continue;
    const f = files.get(file) ?? { secs: 0, tests: 0 };
    if (nesting === 0) f.secs += (details?.duration_ms ?? 0) / 1000;
    if (details?.type !== 'suite') f.tests += 1;
    files.set(file, f);
  }
  for (const [file, f] of [...files].sort((a, b) => b[1].secs - a[1].secs)) {
    yield `${path.basename(file)}\t${f.secs.toFixed(1)}\t${f.tests}\n`;
  }
}
