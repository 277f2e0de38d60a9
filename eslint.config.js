import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Web files under `folder` may not import the web folders `banned` (a regex group) nor the API. */
function webBoundary(folder, banned, message) {
  const api = '^@siteflow/api(/|$)|(^|/)api/src(/|$)';
  const patterns = [{ regex: api, message: 'The web app does not import the API.' }];
  if (banned) patterns.push({ regex: `^(\\.\\./)+${banned}(/|$)`, message });
  return {
    files: [`apps/web/src/${folder}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
    ],
  },
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
    // core is pure: no I/O, no environment, no clock; it imports nothing of the apps.
    files: ['packages/core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['pg', 'node:*', 'fs', 'http', 'https', 'drizzle-orm*'] },
            { regex: '^@siteflow/(api|web)(/|$)|(^|/)apps/', message: 'core imports nothing of the apps.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'process'],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'core takes time from its caller.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'core takes time from its caller.',
        },
      ],
    },
  },
  // Web import boundaries (docs/architecture.md, "Import boundaries"; dependency-cruiser checks the
  // same and the folder cycles: `npm run lint:deps`): app -> features -> (session, api, ui);
  // ui -> (session, api); session and api import no other web folder; nothing imports apps/api.
  webBoundary('features', '(app)', 'Web features do not import app/: the app composes them.'),
  webBoundary('ui', '(features|app)', 'ui/ imports only session/ and api/ of the web app.'),
  webBoundary('{session,api}', '(features|ui|app)', 'session/ and api/ import no other web folder.'),
  webBoundary('{app,test}'),
  {
    // API boundary: platform/ is cross-cutting and imports no feature (features declare their jobs;
    // the runtime hands them to platform). dependency-cruiser checks the same and the API folder
    // cycles. Tests may reach across, as in dependency-cruiser.
    files: ['apps/api/src/platform/**/*.ts'],
    ignores: ['apps/api/src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features(/|$)',
              message: 'platform/ imports no feature: pass what it needs in (see features/jobs.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' },
    },
  },
);
