// Remotes get only what the host provides of antd (one shared module per component of
// ANTD_FOR_REMOTES, `antd/es/<dir>`), react-router and @ant-design/icons (curated
// re-exports, remote-shares/<name>.js): a name a remote imports that is not provided
// fails at run time ("Can not get 'antd/es/…'", or `undefined`: "Element type is
// invalid"). This test reads every remote's sources and holds the lists to them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import * as routerShare from '../remote-shares/react-router.js';
import * as iconsShare from '../remote-shares/icons.js';
import { ICONS } from '../src/icons.js';

const require = createRequire(import.meta.url);
const { ANTD_FOR_REMOTES } = require('../federation-shared.js');
const { dirOf } = require('../webpack/antd-imports.js');
const { UI_FILES, kitSourceOf } = require('../webpack/kit-imports.js');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CURATED = { 'react-router': routerShare, '@ant-design/icons': iconsShare };
const LIBS = ['antd', ...Object.keys(CURATED)];

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(js|jsx|mjs)$/.test(e.name) ? [p] : [];
  });
}

/** Every remote's sources (the kit is built into the host, which imports antd itself). */
const remoteFiles = () =>
  fs
    .readdirSync(path.join(ROOT, 'plugin-web'))
    .filter((d) => d !== 'kit' && fs.existsSync(path.join(ROOT, 'plugin-web', d, 'src')))
    .flatMap((d) => sources(path.join(ROOT, 'plugin-web', d, 'src')));

/** [{file, from, names, whole}] for every static import of a remote. */
export function importsOf(files) {
  const out = [];
  const re = /import\s+([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, clause, from] of text.matchAll(re)) {
      const braces = clause.match(/\{([\s\S]*)\}/);
      const names = braces
        ? braces[1]
            .split(',')
            .map((s) =>
              s
                .trim()
                .split(/\s+as\s+/)[0]
                .trim(),
            )
            .filter(Boolean)
        : [];
      out.push({ file: path.relative(ROOT, file), from, names, whole: !braces || /^\s*\w+\s*,/.test(clause) || /\*/.test(clause) });
    }
  }
  return out;
}

describe('curated shares for the remotes', () => {
  const imports = importsOf(remoteFiles());

  it('finds the remotes and their imports', () => {
    expect(imports.filter((i) => i.from === 'antd').length).toBeGreaterThan(20);
  });

  it('exports every name a remote imports from antd, react-router and @ant-design/icons', () => {
    const missing = [];
    for (const i of imports.filter((x) => LIBS.includes(x.from))) {
      for (const name of i.names) {
        const provided = i.from === 'antd' ? ANTD_FOR_REMOTES.includes(name) : CURATED[i.from][name] !== undefined;
        if (!provided) missing.push(`${i.file}: ${name} from '${i.from}'`);
      }
    }
    expect(missing, 'add these to ANTD_FOR_REMOTES (kit/federation-shared.js) or remote-shares/<library>.js (icons: kit/src/icons.js)').toEqual([]);
  });

  it('has remotes import those libraries by name only (no default, namespace or deep import)', () => {
    const bad = imports
      .filter(
        (i) =>
          ((LIBS.includes(i.from) || /^@plantdoc\/kit(\/core|\/ui)?$/.test(i.from)) && i.whole) ||
          /^(antd|@ant-design\/icons|react-router|react-router-dom)\//.test(i.from) ||
          i.from === 'react-router-dom',
      )
      .map((i) => `${i.file}: '${i.from}'`);
    expect(bad).toEqual([]);
  });

  it("gives every module manifest's sidebar icon from the kit's set (the full icon package is never loaded)", () => {
    const dir = path.join(ROOT, 'plugins');
    const icons = fs
      .readdirSync(dir)
      .map((d) => path.join(dir, d, 'module.json'))
      .filter((f) => fs.existsSync(f))
      .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')).sidebar?.icon)
      .filter(Boolean);
    expect(icons.length).toBeGreaterThan(3);
    expect(icons.filter((name) => !ICONS[name])).toEqual([]);
  });

  it('maps each provided antd name to the module antd itself exports it from (antd/es/<dir>)', () => {
    expect(dirOf('AutoComplete')).toBe('auto-complete');
    const index = fs.readFileSync(require.resolve('antd/es/index.js'), 'utf8');
    const wrong = ANTD_FOR_REMOTES.filter((name) => !index.includes(`default as ${name} } from './${dirOf(name)}'`));
    expect(wrong).toEqual([]);
  });

  it('finds every kit name a remote imports in the part its build sends it to (core, icons, a UI file)', async () => {
    const parts = { '@plantdoc/kit/core': await import('../core.js'), '@plantdoc/kit/icons': await import('../icons.js') };
    for (const file of UI_FILES) parts[`@plantdoc/kit/ui/${file}`] = await import(`../src/${file}.jsx`);
    const names = imports.filter((i) => /^@plantdoc\/kit(\/core|\/ui)?$/.test(i.from)).flatMap((i) => i.names);
    expect(names.length).toBeGreaterThan(30);
    const missing = [...new Set(names)].filter((name) => parts[kitSourceOf(name)]?.[name] === undefined);
    expect(missing, 'export these from kit/src/core.js, icons.js or a file ui.js lists').toEqual([]);
    expect(kitSourceOf('PagedTable')).toBe('@plantdoc/kit/ui/PagedTable');
    expect(kitSourceOf('SettingOutlined')).toBe('@plantdoc/kit/icons');
    expect(kitSourceOf('formatDate')).toBe('@plantdoc/kit/core');
  });

  it("rewrites a remote's kit and antd imports to those shared modules, and leaves rewritten ones alone", () => {
    const babel = require('@babel/core');
    const plugins = [require.resolve('../webpack/antd-imports.js'), require.resolve('../webpack/kit-imports.js')];
    const code = (src) => babel.transformSync(src, { babelrc: false, configFile: false, plugins }).code.replace(/"/g, "'");
    expect(code("import { formatDate, PagedTable, SettingOutlined, api as A } from '@plantdoc/kit';")).toBe(
      [
        "import { formatDate, api as A } from '@plantdoc/kit/core';",
        "import { PagedTable } from '@plantdoc/kit/ui/PagedTable';",
        "import { SettingOutlined } from '@plantdoc/kit/icons';",
      ].join('\n'),
    );
    expect(code("import { useSession } from '@plantdoc/kit/core';\nimport { Table as T } from 'antd';")).toBe(
      "import { useSession } from '@plantdoc/kit/core';\nimport T from 'antd/es/table';",
    );
  });

  it('knows when a name is missing', () => {
    expect(ANTD_FOR_REMOTES).not.toContain('Watermark');
    expect(routerShare.useNavigate).toBeTruthy();
    expect(iconsShare.DeleteOutlined).toBeTruthy();
    expect(iconsShare.AccountBookFilled).toBeUndefined();
  });
});
