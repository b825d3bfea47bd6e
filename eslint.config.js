import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import {
  featureBoundaries,
  noSqlInRoutes,
  serverLayers,
  webLayers,
} from './tools/eslint-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: {
      vfm: {
        rules: {
          'feature-boundaries': featureBoundaries,
          'web-layers': webLayers,
          'server-layers': serverLayers,
          'no-sql-in-routes': noSqlInRoutes,
        },
      },
    },
    rules: {
      'vfm/feature-boundaries': 'error',
      'vfm/web-layers': 'error',
      'vfm/server-layers': 'error',
      'vfm/no-sql-in-routes': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // the service worker of the installable app (docs/manager-tools.md)
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    // tests may use any, and the CLI and benchmarks print to the console
    files: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      'e2e/**',
      'bench/**',
      'apps/server/src/cli/**',
      'apps/simulator/src/cli.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-console': 'off' },
  },
);
