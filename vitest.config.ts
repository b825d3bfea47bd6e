import { defineConfig } from 'vitest/config';

// One project per workspace package; `npm run test:server` runs the server project alone
// (CI runs it a second time against the real PostgreSQL and Mosquitto).
export default defineConfig({
  test: {
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
