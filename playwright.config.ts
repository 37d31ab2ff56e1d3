import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive the real app through the browser host in Debian's Chromium,
 * against the sandbox platform. Each test file gets its own host and data folder
 * (see e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two spec files at once, the tests of one file in order: each test has its own host,
  // sandbox and data folder (e2e/fixtures.ts; each worker's sandboxes run in that worker's
  // sandbox process), so two files share nothing but the cores. The
  // full pass took 9.3-11.0 min this way on a shared 2-core machine (14.9 min with one on CI).
  fullyParallel: false,
  workers: 2,
  // No retries, on CI as locally: a test passes the first time or fails. The sandbox runs in
  // a process of its own (e2e/sandbox-process.ts), so a stalled Playwright worker can no longer
  // make two calls the app spaced correctly look too close to the rate limit (the one 429 that
  // made CI retry a test once until issue 34).
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  // Builds the app when its sources are newer than out/ (the specs drive the built app).
  globalSetup: './e2e/build-setup.ts',
  // Joins the operations the sandbox served to the app into test-results/ui-coverage.json.
  globalTeardown: './e2e/ui-coverage-teardown.ts',
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // Specs address controls by their English names; e2e/i18n.spec.ts switches to ko-KR.
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
