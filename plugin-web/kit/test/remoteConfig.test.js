// The web build reads each remote's module manifest (plugins/<id>/module.json).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { readManifest } = require('../webpack/remote.config');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const made = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A throwaway repository with one remote folder and, optionally, its manifest. */
function fakeRepo(id, manifest) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'plantdoc-remote-'));
  made.push(root);
  fs.mkdirSync(path.join(root, 'plugin-web', id), { recursive: true });
  if (manifest) {
    fs.mkdirSync(path.join(root, 'plugins', id), { recursive: true });
    fs.writeFileSync(path.join(root, 'plugins', id, 'module.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  }
  return path.join(root, 'plugin-web', id);
}

describe('remote build config', () => {
  it("finds every remote's manifest, with its id and remote: true", () => {
    const remotes = fs.readdirSync(path.join(ROOT, 'plugin-web')).filter((d) => fs.existsSync(path.join(ROOT, 'plugin-web', d, 'webpack.config.js')));
    expect(remotes).toContain('swp');
    for (const dir of remotes) expect(readManifest(path.join(ROOT, 'plugin-web', dir)).id).toBe(dir);
  });

  it('fails clearly without a manifest, with another id, or without a remote', () => {
    expect(() => readManifest(fakeRepo('gauges'))).toThrow('its module manifest plugins/gauges/module.json is missing');
    expect(() => readManifest(fakeRepo('gauges', { id: 'meters', remote: true }))).toThrow('says "id": "meters"');
    expect(() => readManifest(fakeRepo('gauges', { id: 'gauges', remote: false }))).toThrow('says "remote": false');
    expect(() => readManifest(fakeRepo('gauges', '{ nope'))).toThrow('is not valid JSON');
    expect(readManifest(fakeRepo('gauges', { id: 'gauges', remote: true })).id).toBe('gauges');
  });
});
