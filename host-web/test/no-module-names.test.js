// The host names no module: everything it knows about them comes from GET /api/modules.
// A module's name, id or route written into the shell would tie it to that module.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const FORBIDDEN = [/island/i, /dashboard/i, /\/main\/swps/];

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('host-web/src', () => {
  it('names no module (no island, dashboard or /main/swps)', () => {
    const files = filesUnder(SRC);
    expect(files.length).toBeGreaterThan(10);
    const hits = [];
    for (const file of files) {
      const rel = path.relative(SRC, file);
      for (const re of FORBIDDEN) {
        if (re.test(rel)) hits.push(`${rel}: file name matches ${re}`);
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (re.test(line)) hits.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(hits).toEqual([]);
  });
});
