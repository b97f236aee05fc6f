// `npm run lint`: ESLint on every source file of the project (flat config, ESLint 9).
// typescript-eslint's type-checked rules read the three TypeScript projects (tsconfig.json for
// the app, common/ and the app's tests; sw/tsconfig.json; server/tsconfig.json) through the
// project service; the JavaScript scripts are linted without types. docs/testing.md, "Lint".
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import vigie from './scripts/eslint-boundaries.mjs';

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      'dist/',
      'dev-dist/',
      'server/dist/',
      '.build/',
      '.test-results/',
      '.test-data/',
      'test-results/',
      'playwright-report/',
      'blob-report/',
      'coverage/',
      'data/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Unused names are errors, but `_`-prefixed ones say "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // An async function without await is how a Fastify plugin, a hook or a mock keeps a
      // Promise-returning contract; the real bugs (a promise left unhandled or passed where a
      // callback's result is ignored) are no-floating-promises and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's redirect() and notFound() are thrown by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
    },
  },

  // JavaScript files (the scripts, this file) and the scripts' declaration file belong to no
  // TypeScript project: no type-aware rules.
  {
    files: ['**/*.{js,mjs,cjs}', 'scripts/**'],
    extends: [tseslint.configs.disableTypeChecked],
  },

  // The app: browser, React, hooks, accessibility.
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Off: a state set in an effect in answer to an outside event (a dialog opening, a timer
      // already run out) costs one render, not a defect. docs/testing.md, "Lint".
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  // The boundaries (docs/modules.md): a feature imports no other feature; src/lib,
  // src/components and src/hooks import no feature; src/app imports a module's folder only in
  // src/app/modules.ts, the one list of the modules. The rule resolves each path
  // (scripts/eslint-boundaries.mjs); import cycles are checked after ESLint
  // (scripts/check-cycles.mjs, `npm run lint`).
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { vigie },
    rules: { 'vigie/boundaries': 'error' },
  },
  // Dates on screen: one helper (src/lib/dates.ts, the spec's day/month/year in French and
  // month/day/year otherwise), so one screen never mixes formats; numbers through
  // src/lib/numbers.ts (a decimal comma in French).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/dates.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString', 'toLocaleString'].map((property) => ({
          property,
          message: 'Format dates with src/lib/dates.ts (formatDate, formatDateTime, formatTime, formatDay) and numbers with src/lib/numbers.ts.',
        })),
        { object: 'Intl', property: 'DateTimeFormat', message: 'Format dates with src/lib/dates.ts: one format per language across the app.' },
      ],
    },
  },
  // A route's page chunk through src/lib/lazy-page.ts: offline, a chunk that cannot be fetched
  // says so instead of reloading the page into the browser's "no internet" page.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/lazy-page.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@tanstack/react-router', importNames: ['lazyRouteComponent'], message: 'Load a route page with lazyPage (src/lib/lazy-page.ts): offline it does not reload the page.' }] },
      ],
    },
  },
  // The service worker.
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  // The server, its build and task scripts, and the tool configs: Node.
  {
    files: ['server/**/*.ts', 'scripts/**/*.{mjs,mts,js}', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  // The benches drive Chromium: the functions they hand to page.evaluate run in the page.
  {
    files: ['scripts/bench*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  // common/ is shared by the app and the server: only what both have.
  {
    files: ['common/**/*.ts'],
    languageOptions: { globals: globals['shared-node-browser'] },
  },
  // Tests: the app's unit and component tests run in jsdom, the browser tests in Node (with page
  // code run in the browser), the server tests in Node; all import vitest or Playwright's API.
  {
    files: ['tests/**/*.{ts,tsx}', 'server/test/**/*.ts'],
    rules: {
      // Tests read JSON bodies (typed any) and hand them to expect(): a wrong access fails the
      // test itself. The code under test keeps these rules.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(window.open).toHaveBeenCalled() and vi.mocked(obj.method) name a method without
      // calling it, as spies are meant to be used.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['tests/unit/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.vitest } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    // Playwright reads a test's fixtures from its first parameter's pattern: `({}, testInfo)`
    // is how a hook asks for none.
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['server/test/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.vitest } },
  },
);
