// Import boundaries (issue 10), checked by `npm run lint:deps` (part of `npm run check` and `npm test`).
// The same web and core boundaries are ESLint `no-restricted-imports` rules in eslint.config.js.
// Folder rules: docs/architecture.md ("Import boundaries").
const WEB = '^apps/web/src/';
const API = '^apps/api/src/';
// Cycle rules cover core, the API and web.
const CHECKED = '^(packages/core|apps/api|apps/web)/';

/* global module */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle between modules.',
      from: { path: CHECKED },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'No import cycle between folders (a feature, ui, session, api, app, a core domain).',
      scope: 'folder',
      from: { path: CHECKED },
      to: { circular: true },
    },
    {
      name: 'core-is-standalone',
      severity: 'error',
      comment: 'packages/core imports nothing of the apps.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-api',
      severity: 'error',
      comment: 'The web app talks to the API over HTTP only; it shares types through @siteflow/core.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'web-features-not-app',
      severity: 'error',
      comment: 'Web features do not import app/ (router, shell, providers); the app composes the features.',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-ui-not-features',
      severity: 'error',
      comment: 'ui/ holds shared building blocks: it imports only session/ and api/ of the web app.',
      from: { path: `${WEB}ui/` },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-session-api-low',
      severity: 'error',
      comment: 'session/ and api/ are the lowest web folders: they import no feature, ui or app.',
      from: { path: `${WEB}(session|api)/` },
      to: { path: `${WEB}(features|ui|app)/` },
    },
    {
      name: 'web-features-one-way',
      severity: 'error',
      comment:
        'A feature uses another feature only through its index or api.ts (one way; cycles are caught by no-folder-cycle).',
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/([^/]+)/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/(index\\.tsx?|[a-z-]*api\\.ts)$`],
      },
    },
    {
      name: 'api-platform-not-features',
      severity: 'error',
      comment: 'platform/ is cross-cutting: it never imports a feature (features declare their jobs).',
      from: { path: `${API}platform/` },
      to: { path: `${API}features/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach across (harness, fixtures); the boundaries are about the shipped code.
    exclude: { path: ['(^|/)(node_modules|dist)/', '\\.(test|spec)\\.tsx?$', '^apps/web/src/test/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
