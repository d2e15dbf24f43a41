// Component tests of the kit, the host and the dashboard (jsdom). Run from the root:
// `npm test`. The summary reporter adds a plain 'N passed, N failed' closing line.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root,
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    include: ['host-web/test/**/*.test.{js,jsx}', 'plugin-web/*/test/**/*.test.{js,jsx}'],
    setupFiles: [path.join(root, 'web-tests/vitest.setup.js')],
    // The JSON report gives each file's time to .ci/profile.py (docs/testing.md).
    reporters: ['default', ['json', { outputFile: path.join(root, 'test-results/vitest.json') }], path.join(root, 'web-tests/summary-reporter.mjs')],
    // Some form tests take 8–10 s on 2 busy cores: keep a wide margin against flakes.
    testTimeout: 45000,
    // Two files at once on two cores: vitest's default (cores − 1) ran one while the other
    // core idled (docs/testing.md).
    maxWorkers: 2,
    minWorkers: 1,
    restoreMocks: true,
  },
});
