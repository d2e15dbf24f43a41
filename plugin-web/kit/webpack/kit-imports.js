// Babel plugin of the REMOTE builds: `import { formatDate, PagedTable } from '@plantdoc/kit'`
// becomes `import { formatDate } from '@plantdoc/kit/core'; import { PagedTable } from
// '@plantdoc/kit/ui/PagedTable'`. The kit's light core is one shared module, its icon set
// another (`@plantdoc/kit/icons`); each file of its UI half (src/ui.js lists them) is a
// shared module of its own, provided by the
// host (federation-shared.js), so a remote page downloads the kit components it imports
// and the antd components those need — not every table, upload and dialog of the kit.
const fs = require('fs');
const path = require('path');

const KIT_SOURCES = ['@plantdoc/kit', '@plantdoc/kit/core', '@plantdoc/kit/ui'];

/** { name: file } for the UI half, read from src/ui.js (`export { A, B } from './File'`). */
function uiExports(uiFile = path.join(__dirname, '../src/ui.js')) {
  const text = fs.readFileSync(uiFile, 'utf8');
  const out = {};
  for (const [, names, file] of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/([\w-]+)'/g)) {
    for (const n of names
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out[n.split(/\s+as\s+/).pop()] = file;
  }
  return out;
}

/** The names src/icons.js exports (`export { A, B }`, `export const X`, `export async function f`). */
function iconExports(file = path.join(__dirname, '../src/icons.js')) {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Set();
  for (const [, list] of text.matchAll(/export\s*\{([^}]*)\}\s*;/g))
    list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .forEach((n) => names.add(n));
  for (const [, n] of text.matchAll(/export\s+(?:const|let|(?:async\s+)?function)\s+(\w+)/g)) names.add(n);
  return names;
}

const UI = uiExports();
const ICON_NAMES = iconExports();
/** The UI files, each a shared module `@plantdoc/kit/ui/<File>`. */
const UI_FILES = [...new Set(Object.values(UI))];
const uiKey = (file) => `@plantdoc/kit/ui/${file}`;
/** Where a name of the kit comes from in a remote: its UI file's share key, the icons, else the core. */
const kitSourceOf = (name) => (UI[name] ? uiKey(UI[name]) : ICON_NAMES.has(name) ? '@plantdoc/kit/icons' : '@plantdoc/kit/core');

module.exports = function kitImports({ types: t }) {
  return {
    visitor: {
      ImportDeclaration(path) {
        const { node } = path;
        if (!KIT_SOURCES.includes(node.source.value) || node.specifiers.length === 0) return;
        if (!node.specifiers.every((s) => t.isImportSpecifier(s))) return;
        const nameOf = (s) => (t.isIdentifier(s.imported) ? s.imported.name : s.imported.value);
        // Already where it belongs (e.g. a rewritten `@plantdoc/kit/core` import): leave it.
        if (node.specifiers.every((s) => kitSourceOf(nameOf(s)) === node.source.value)) return;
        const bySource = new Map();
        for (const s of node.specifiers) {
          const name = nameOf(s);
          const from = kitSourceOf(name);
          if (!bySource.has(from)) bySource.set(from, []);
          bySource.get(from).push(t.importSpecifier(t.identifier(s.local.name), t.identifier(name)));
        }
        path.replaceWithMultiple([...bySource].map(([from, specs]) => t.importDeclaration(specs, t.stringLiteral(from))));
      },
    },
  };
};
module.exports.UI_FILES = UI_FILES;
module.exports.uiKey = uiKey;
module.exports.kitSourceOf = kitSourceOf;
module.exports.uiExports = uiExports;
module.exports.ICON_NAMES = ICON_NAMES;
