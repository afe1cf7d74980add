// typescript-eslint needs the TypeScript compiler API, which TypeScript 7 (the native compiler) does
// not offer yet: that is why package.json pins typescript ~5.9.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// ---- Boundaries (DESIGN.md, "Layout"): imports point one way --------------------------------------
// Each rule is a regular expression over the import string. Relative imports are matched by how far
// they climb: a file `depth` folders below its layer's folder climbs depth + 1 times to leave it.

const up = (times) => `(\\.\\./){${times}}`;
const maxDepth = 5;
const areas = readdirSync(new URL('./src/areas', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** `src` never imports `server`. */
const srcNotServer = { regex: '^(\\.\\./)+server(/|$)', message: 'src never imports server: share through contract/ (DESIGN.md).' };

/** One config per depth, since a rule's options replace (not extend) those of an earlier config. */
function byDepth(folder, patternsAt, extra = {}) {
  return Array.from({ length: maxDepth }, (_, depth) => ({
    files: [`${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: patternsAt(depth) }], ...extra },
  }));
}

/** An area of src/areas never imports another area: shared code moves to src/shared. */
const areaRules = areas.flatMap((area) =>
  byDepth(`src/areas/${area}`, (depth) => [
    srcNotServer,
    {
      // Up to src/areas and into another area, or up to src and back down into areas/<other>.
      regex: `^(${up(depth + 1)}(?!${area}/|\\.\\./)|${up(depth + 2)}areas/(?!${area}/))`,
      message: `An area never imports another area: move shared code to src/shared (DESIGN.md).`,
    },
  ]),
);

/** contract imports zod and its own files only. */
const contractRules = byDepth('contract', (depth) => [
  { regex: '^(?!zod$|zod/|\\.)', message: 'contract imports zod only (DESIGN.md).' },
  { regex: `^${up(depth + 1)}`, message: 'contract imports its own files only (DESIGN.md).' },
]);

/** server/engines are pure: no HTTP, no database, no modules. */
const engineRules = byDepth('server/engines', (depth) => [
  {
    regex: `^(${up(depth + 1)}(http|db|modules)(/|$)|${up(depth + 2)}server/(http|db|modules)(/|$))`,
    message: 'server/engines never imports server/http, server/db or server/modules (DESIGN.md).',
  },
]);

/**
 * A module's public surface is its index.ts: outside a module, `modules/<module>/<file>` is refused
 * unless the file is index (or the import names the module's folder). Inside a module, its own files
 * are free; another module's are reached through `../<module>/index` (or `../<module>`).
 */
const modules = readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const throughIndex = 'Import another module through its index.ts (its public surface), not its files (docs/conventions.md).';
/** `<prefix><module>/<file>` with a file other than index, for modules other than `own`. */
const internalsOf = (prefix, own) => `^${prefix}${own ? `(?!${own}/)` : ''}[A-Za-z][^/]*/(?!index$).+`;
const serverOutsideModules = {
  files: ['server/**/*.ts'],
  ignores: ['server/modules/*/**', 'server/app.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: internalsOf('(\\.{1,2}/)+(server/)?modules/'), message: throughIndex }] }] },
};
/** The app is where modules are put together: it registers each module's plugin files, and takes the rest through index.ts. */
const appComposesModules = {
  files: ['server/app.ts'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex: '^\\./modules/[A-Za-z][^/]*/(?!index$|plugin$|moneyPlugin$).+', message: throughIndex }] }],
  },
};
const moduleRules = modules.flatMap((module) =>
  byDepth(`server/modules/${module}`, (depth) => [
    { regex: internalsOf(up(depth + 1), module), message: throughIndex },
    { regex: internalsOf(`${up(depth + 2)}modules/`, module), message: throughIndex },
  ]),
);

/** machines never import React, the router, the API client or storage (they get effects injected). */
const machineRules = byDepth(
  'machines',
  () => [
    { regex: '^(react|react-dom|@xstate/react)(/|$)', message: 'machines never import React (DESIGN.md).' },
    { regex: '^@tanstack/', message: 'machines never import the router (DESIGN.md).' },
    { regex: '^(ky|qs)$', message: 'machines never import the API client (DESIGN.md).' },
    { regex: '^(\\.\\./)+src(/|$)', message: 'machines never import src (views, router, API client, storage) (DESIGN.md).' },
  ],
  { 'no-restricted-globals': ['error', 'localStorage', 'fetch', 'sessionStorage'] },
);

export default tseslint.config(
  { ignores: ['src/routeTree.gen.ts', 'dist', 'dist-*', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench-out', '.tmp'] },
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
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [srcNotServer] }] },
  },
  {
    // Time is an effect: a machine gets its clock from the app (a provided delay or actor), never reads it.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: 'Machines have no clock: take the time from the app (provide a delay or an actor).' },
        { selector: "NewExpression[callee.name='Date']", message: 'Machines have no clock: take the time from the app (provide a delay or an actor).' },
        { selector: "MemberExpression[object.name='performance'][property.name='now']", message: 'Machines have no clock: take the time from the app.' },
      ],
    },
  },
  ...areaRules,
  ...contractRules,
  serverOutsideModules,
  appComposesModules,
  ...moduleRules,
  ...engineRules,
  ...machineRules,
  {
    // Views never call fetch directly: every call goes through the API client.
    files: ['src/**/*.tsx'],
    rules: { 'no-restricted-globals': ['error', 'fetch'] },
  },
);
