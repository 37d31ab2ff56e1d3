import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run docs:screens`: the guide's screenshots (scripts/docs-screens/), with the end-to-end
 * tests' browser and fixtures, one worker, no UI coverage.
 */
export default defineConfig({
  ...base,
  testDir: 'scripts/docs-screens',
  workers: 1,
  globalTeardown: undefined,
  outputDir: 'test-results/docs-screens',
});
