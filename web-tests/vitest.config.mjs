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
    reporters: ['default', path.join(root, 'web-tests/summary-reporter.mjs')],
    // Some form tests take 8–10 s on 2 busy cores: keep a wide margin against flakes.
    testTimeout: 45000,
    restoreMocks: true,
  },
});
