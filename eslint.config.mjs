// eslint (decision 62): the recommended rules of JavaScript, React and the hooks over
// the web shell, the module remotes and the web tests. Each rule turned off says why.
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'plugins/_template/**', 'web-tests/lighthouse/node_modules/**'] },
  js.configs.recommended,
  {
    files: ['host-web/**/*.{js,jsx,mjs}', 'plugin-web/**/*.{js,jsx,mjs}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser },
    },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      // The project has no PropTypes: components document their props in a comment.
      'react/prop-types': 'off',
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // The browser tests and scripts: Node programs driving a browser (no React in them).
    files: ['web-tests/**/*.{js,mjs}'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The webpack configs are CommonJS run by Node.
    files: ['**/webpack/*.js', '**/webpack.config.js', 'plugin-web/kit/federation-shared.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
];
