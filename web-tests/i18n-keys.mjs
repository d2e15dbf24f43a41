// The translation keys the code uses, per namespace, and the translator's files (decision 75).
// Used by the key check (plugin-web/kit/test/i18nKeys.test.js) and the browser walk in
// Spanish (web-tests/e2e/spanish.test.mjs), which looks for English texts left on screen.
//
// A namespace is a package: 'host' (host-web), 'kit' (plugin-web/kit) and each remote
// (plugin-web/<id>). Keys are the English texts: `t('…')`, `k('…')` and `translate('ns', '…')`
// with a literal text are found; a key built at run time must be marked with k('…') where
// it is written.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SHIPPED = ['es', 'pl'];

/** [{ ns, dir }]: every package with a src folder. */
export function packages() {
  const list = [{ ns: 'host', dir: path.join(ROOT, 'host-web') }];
  for (const id of fs.readdirSync(path.join(ROOT, 'plugin-web')).sort()) {
    const dir = path.join(ROOT, 'plugin-web', id);
    if (fs.existsSync(path.join(dir, 'src'))) list.push({ ns: id, dir });
  }
  return list;
}

function sources(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.(jsx?|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

// A JS string literal: '…', "…" or `…` without ${}.
const STR = String.raw`('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|\x60(?:\\.|[^\x60\\$])*\x60)`;
const CALL = new RegExp(String.raw`(?<![\w.$])(t|k)\(\s*` + STR, 'g');
const TRANSLATE = new RegExp(String.raw`(?<![\w.$])translate\(\s*'([\w-]+)'\s*,\s*` + STR, 'g');

function unquote(lit) {
  const body = lit.slice(1, -1);
  if (lit[0] === '`') return body.replace(/\\`/g, '`').replace(/\\\\/g, '\\');
  return JSON.parse(lit[0] === '"' ? lit : `"${body.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
}

/** Map ns → Map key → [files where used]. */
export function usedKeys() {
  const used = new Map();
  const add = (ns, key, file) => {
    if (!used.has(ns)) used.set(ns, new Map());
    const m = used.get(ns);
    if (!m.has(key)) m.set(key, []);
    m.get(key).push(path.relative(ROOT, file));
  };
  for (const { ns, dir } of packages()) {
    if (!used.has(ns)) used.set(ns, new Map());
    for (const file of sources(path.join(dir, 'src'))) {
      // Comment lines are not code (their examples are not keys).
      const text = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .join('\n');
      for (const m of text.matchAll(CALL)) add(ns, unquote(m[2]), file);
      for (const m of text.matchAll(TRANSLATE)) add(m[1], unquote(m[2]), file);
    }
  }
  return used;
}

/** The translator's file of a namespace in a language ({} when there is none). */
export function translations(ns, lng) {
  const pkg = packages().find((p) => p.ns === ns);
  const file = pkg && path.join(pkg.dir, 'locales', `${lng}.json`);
  return file && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

/** The plural forms i18next looks for in a language ('one', 'few', 'many', 'other' …). */
export const pluralForms = (lng) => new Intl.PluralRules(lng).resolvedOptions().pluralCategories;

/** Whether `key` is translated in `file` (plainly, or in every plural form of the language). */
export function hasKey(file, key, lng) {
  if (typeof file[key] === 'string' && file[key] !== '') return true;
  return pluralForms(lng).every((f) => typeof file[`${key}_${f}`] === 'string');
}

/** The base key of a file entry ('{{count}} pages_one' → '{{count}} pages'). */
export function baseKey(entry, lng) {
  const m = /^(.*)_([a-z]+)$/s.exec(entry);
  return m && pluralForms(lng).includes(m[2]) ? m[1] : entry;
}
