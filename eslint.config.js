import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/drizzle/**', 'test-results/**', 'playwright-report/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Type-aware rules: every promise is awaited, returned or deliberately dropped with `void`, and
    // none is handed to a callback whose result is ignored (an async onClick, an async event
    // listener). `void` marks a promise nobody waits for on purpose; the usual two are
    // react-router's navigate() (it settles when the navigation ends; route errors go to the error
    // element) and TanStack Query's refetch() (it resolves with the query's error state, never rejects).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        // The two vitest configs belong to no tsconfig: they get the default project.
        projectService: { allowDefaultProject: ['vitest.config.ts', 'apps/web/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // core is pure: no I/O, no environment, no clock.
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['pg', 'node:*', 'fs', 'http', 'https', 'drizzle-orm*'] }],
      'no-restricted-globals': ['error', 'fetch', 'process'],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'core takes time from its caller.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'core takes time from its caller.' },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' } },
  },
);
