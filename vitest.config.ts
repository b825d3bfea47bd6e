import { defineConfig } from 'vitest/config';

// One project per workspace package; `npm run test:server` runs the server project alone
// (CI runs it a second time against the real PostgreSQL and Mosquitto).
export default defineConfig({
  test: {
    // vitest's default is one worker per core but one: a single worker on a 2-core machine.
    // Most test time waits on a database, a broker or timers, so two run side by side (the
    // suites pass with two whole runs at once: docs/performance.md, issue 14 §6).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
