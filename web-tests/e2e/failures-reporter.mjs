// A second reporter for `npm run e2e`: the failed browser tests in the order reported
// (within a file, the order they failed), one short paragraph each, the first longest.
// CI shows only the end of a run's output, and the spec reporter's full report of the
// last failure (its page markup included) can fill it; a file's first failure is
// usually the cause of the others ('needs the upload'). The Makefile prints this file
// after a failed run (docs/web.md).
import path from 'node:path';

const FIRST = 1200;
const OTHERS = 300;

/** The thrown error's message without the page's markup (the spec report has it) or colours. */
function reason(cause) {
  const text = String(cause?.message ?? cause ?? 'unknown').replace(/\n\s*page's last 1500 characters:[\s\S]*$/, '');
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\n\s*\n/g, '\n');
}

/** Where the test's own code stood when it failed: the first test file in the stack. */
function where(cause, file, line) {
  const at = String(cause?.stack ?? '').match(/([\w.-]+\.test\.mjs):(\d+)/);
  return at ? `${at[1]}:${at[2]}` : `${path.basename(file ?? '?')}:${line ?? '?'}`;
}

export default async function* failures(source) {
  const failed = [];
  let cancelled = 0;
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, line, details } = event.data;
    const kind = details?.error?.failureType;
    if (kind === 'subtestsFailed') continue;
    if (kind === 'cancelledByParent') {
      cancelled += 1;
      continue;
    }
    const cause = details?.error?.cause ?? details?.error;
    failed.push({ name, where: where(cause, file, line), secs: (details?.duration_ms ?? 0) / 1000, text: reason(cause) });
  }
  if (!failed.length && !cancelled) return;
  yield `browser tests failed: ${failed.length}${cancelled ? `, cancelled behind them: ${cancelled}` : ''} (in the order reported; a file's first is likeliest the cause of its others)\n`;
  for (const [i, f] of failed.entries()) {
    const limit = i === 0 ? FIRST : OTHERS;
    const text = f.text.length > limit ? `${f.text.slice(0, limit)} …` : f.text;
    yield `${i + 1}. ${f.where} '${f.name}' (${f.secs.toFixed(1)} s)\n   ${text.replace(/\n/g, '\n   ')}\n`;
  }
}
