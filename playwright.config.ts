import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './e2e/browser';

// e2e runs the real server (npm start's code path) on a fresh DATA_DIR with the demo seed.
// Workers inherit these variables, so fixtures can read the mail outbox of that DATA_DIR.
process.env.VFM_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'vfm-e2e-'));
process.env.VFM_E2E_PORT ??= String(3900 + Math.floor(Math.random() * 90));
const port = Number(process.env.VFM_E2E_PORT);
// the embedded broker on a known port: the administration flow connects a module with the
// secret its import issued
process.env.VFM_E2E_MQTT_PORT ??= String(port + 1000);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // a page's lazy chunk or a map under SwiftShader can take seconds on two busy cores
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // a trace records every action's screenshots and DOM: ≈ 40 % of the e2e run's time under
    // SwiftShader on two cores (docs/performance.md "The CI run"). Recorded on a retry (CI
    // retries once, so a failure there comes with its trace); locally, ask for one with
    // `npx playwright test --trace retain-on-failure <spec>`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'fr-FR',
    // the app's service worker copies every script a page loads into its cache: work for each
    // test's new context that only the specs of the installable app, push and offline use — they
    // allow it (test.use); the app without a worker is a browser's case it already handles
    serviceWorkers: 'block',
    launchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /pwa-update\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // a deployment changes the served /sw.js: after every other spec, so that no other page
      // sees a new version mid-test (e2e/pwa-update.spec.ts)
      name: 'deployment',
      testMatch: /pwa-update\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node --expose-gc --import tsx apps/server/src/main.ts',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.VFM_E2E_DATA_DIR,
      DEMO: 'true',
      SIMULATOR_BIKES: process.env.VFM_E2E_BIKES ?? '40',
      // the flows expect their commands acknowledged: no refusal drawn at random (2 % by default)
      SIMULATOR_COMMAND_FAILURE_PERCENT: '0',
      MQTT_PORT: process.env.VFM_E2E_MQTT_PORT,
      LOG_LEVEL: 'warn',
      // the webhooks spec's receiver listens on 127.0.0.1 (docs/webhooks.md)
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
});
