// typescript-eslint needs the TypeScript compiler API, which TypeScript 7 (the native compiler) does
// not offer yet: that is why package.json pins typescript ~5.9.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench-out', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Dependencies point one way (DESIGN.md): machines never import views, the router or the API client.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/src/**', 'react', 'react-dom', '@tanstack/*', 'ky'] }],
      'no-restricted-globals': ['error', 'localStorage', 'fetch', 'sessionStorage'],
      // Time is an effect: a machine gets its clock from the app (a provided delay or actor), never reads it.
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: 'Machines have no clock: take the time from the app (provide a delay or an actor).' },
        { selector: "NewExpression[callee.name='Date']", message: 'Machines have no clock: take the time from the app (provide a delay or an actor).' },
        { selector: "MemberExpression[object.name='performance'][property.name='now']", message: 'Machines have no clock: take the time from the app.' },
      ],
    },
  },
  {
    // Views never call fetch directly: every call goes through the API client.
    files: ['src/**/*.tsx'],
    rules: { 'no-restricted-globals': ['error', 'fetch'] },
  },
);
