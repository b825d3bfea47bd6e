import { defineConfig } from 'vitest/config';

// One project per workspace package (the server's in two: most files share their worker's
// modules, those that mock a module do not); `npm run test:server` runs the server's alone
// (CI runs them a second time against the real PostgreSQL and Mosquitto).
/** Server tests that vi.mock a module of the server: each in a fresh module graph. */
const MOCKING_SERVER_TESTS = [
  'test/auth/gates-decoded-path.test.ts',
  'test/auth/login-timing.test.ts',
  'test/scoping/hostile-input.test.ts',
  'test/scoping/route-matrix.test.ts',
];

export default defineConfig({
  test: {
    // vitest's default is one worker per core but one: a single worker on a 2-core machine.
    // Most test time waits on a database, a broker or timers, so two run side by side (the
    // suites pass with two whole runs at once: docs/performance.md).
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
          exclude: MOCKING_SERVER_TESTS,
          environment: 'node',
          pool: 'forks',
          // the files of a worker share its loaded modules: each test file starts its own
          // servers and databases, so nothing else is shared, and the server's module graph
          // is loaded once per worker instead of once per file (half the CPU of the pass)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-mocked',
          root: 'apps/server',
          include: MOCKING_SERVER_TESTS,
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
