import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every core: vitest 4.1's own default for a run is one fewer, which on CI's 2-core machine is
    // one file at a time. The unit and web files are CPU-bound and independent; the integration
    // files share one PostgreSQL but each makes its own companies, and wait on the database half
    // the time. The reliability battery keeps its one file at a time (below).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/core/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'int',
          include: ['apps/api/src/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files of a worker share one module graph: each file imported the whole API again
          // (224 s of the tier's 264 s here were imports; 14 s without), and nothing in these
          // files mocks a module or changes the environment. They already share one database.
          isolate: false,
        },
      },
      {
        test: {
          // The reliability battery, CI-sized (issue 9): real processes (API, mail worker, nginx),
          // each file with its own PostgreSQL, one file at a time so the timings mean something.
          name: 'reliability',
          include: ['apps/api/test/reliability/**/*.rel.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
