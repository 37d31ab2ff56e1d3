import { defineConfig } from '@playwright/test';

/**
 * The desktop app's own spec (`npm run test:electron`): Playwright's `_electron` launches the
 * built app (out/main/index.js) with a fresh data folder, on its embedded sandbox platform.
 * Runs only where the Electron runtime is installed (scripts/test-electron.mjs).
 */
export default defineConfig({
  testDir: 'e2e-electron',
  testMatch: '**/*.spec.ts',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/electron',
});
