import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './eslint/boundaries.mjs';
import storefront from './eslint/declared-imports.mjs';
import moduleContracts from './eslint/module-contracts.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-node/**',
      '**/dist-dev/**',
      '**/dist-sourcemaps/**',
      '**/.data/**',
      '**/.stryker-tmp/**',
      'coverage/**',
      '**/test-results/**',
      '.nx/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, storefront },
    rules: {
      'storefront/declared-imports': 'error',
      'storefront/relative-imports-stay-home': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // One router in the page: modules import it from @storefront/routing, a shared singleton.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['packages/routing/**', '**/*.test.ts', '**/*.test.tsx', '**/test-utils.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'Import the router from @storefront/routing, so the page has one.',
          })),
        },
      ],
    },
  },
  {
    // nginx's JavaScript (njs 0.7, Debian's) knows no `catch {}` without a binding.
    files: ['infra/**/*.js'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  ...boundaries,
  // The shell composes: it names no module's route, action, field or cookie (their manifests do).
  {
    files: ['shell/src/**/*.ts', 'shell/src/**/*.tsx', 'packages/ui/src/**/*.ts', 'packages/ui/src/**/*.tsx'],
    plugins: { 'module-contracts': moduleContracts },
    rules: { 'module-contracts/shell-knows-no-module': 'error' },
  },
  // A remote embeds only the fragments its manifest declares using, which another module offers.
  {
    files: ['mfe-*/src/**/*.tsx'],
    plugins: { 'module-contracts': moduleContracts },
    rules: { 'module-contracts/declared-fragments': 'error' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['delivery/src/**', 'bench/src/**', '**/src/main.ts', '**/src/cli/**', 'e2e/run-suites.ts'],
    rules: { 'no-console': 'off' },
  },
);
