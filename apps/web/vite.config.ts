import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/app-info.json': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // the files of a worker share its loaded modules (a third of the time); a file that mocks
    // one imports it afresh and drops the mock after (src/map/core/map-view.test.tsx)
    isolate: false,
    // a test renders the whole app and walks several routes, each awaited up to
    // asyncUtilTimeout: vitest's 5 s default times out on a busy 2-core machine
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
