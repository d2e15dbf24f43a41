// Babel plugin of the REMOTE builds: `import { Table, Button as B } from 'antd'` becomes
// `import Table from 'antd/es/table'; import B from 'antd/es/button'`. Each antd component
// a remote may use is its own shared module, provided by the host (federation-shared.js,
// ANTD_FOR_REMOTES), so a remote downloads only the components it imports — not one
// re-export of every component any remote uses. Other import forms are left as they are
// (plugin-web/kit/test/remoteShares.test.js forbids them in remotes).
const dirOf = (name) => name.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase());

module.exports = function antdImports({ types: t }) {
  return {
    visitor: {
      ImportDeclaration(path) {
        const { node } = path;
        if (node.source.value !== 'antd' || node.specifiers.length === 0) return;
        if (!node.specifiers.every((s) => t.isImportSpecifier(s))) return;
        path.replaceWithMultiple(
          node.specifiers.map((s) => {
            const name = t.isIdentifier(s.imported) ? s.imported.name : s.imported.value;
            return t.importDeclaration([t.importDefaultSpecifier(t.identifier(s.local.name))], t.stringLiteral(`antd/es/${dirOf(name)}`));
          }),
        );
      },
    },
  };
};
module.exports.dirOf = dirOf;
