import { defineConfig } from '@playwright/test';
import { clockReruns } from './e2e/clock';
import type { AppFixtures } from './e2e/fixtures';

/**
 * The schedule tests whose outcome depends on the hour run again as two more projects when
 * scripts/e2e.sh runs the whole suite (`ONAIR_E2E_CLOCK_RERUNS=1`), in the same pool of
 * workers as everything else (issue 34 §5):
 * - just after 00:00 UTC: the timeline edited at the start of a day, and copying a day that
 *   has barely begun;
 * - at 23:58:30 UTC on the month's last day: the same, plus the edits next to the program on
 *   air, the waiting screen and the media of programs 20 min to 4 h ahead (the next day, the
 *   next month). "Fill a range" works on a day four days ahead, whatever the hour: not again.
 */
const reruns = process.env.ONAIR_E2E_CLOCK_RERUNS === '1' ? clockReruns(Date.now()) : null;
const scheduleSpecs = ['**/schedule.spec.ts', '**/schedule-bulk.spec.ts'];

/**
 * End-to-end tests drive the real app through the browser host in Debian's Chromium,
 * against the sandbox platform. Each test file gets its own host and data folder
 * (see e2e/fixtures.ts).
 */
export default defineConfig<AppFixtures>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two spec files at once, the tests of one file in order: each test has its own host,
  // sandbox and data folder (e2e/fixtures.ts; each worker's sandboxes run in that worker's
  // sandbox process), so files share nothing but the cores. A spec mostly waits on real time
  // (about a third of a core each), but three at once on two slow cores starved a browser
  // host enough that two of its calls spaced 1.1 s apart reached the sandbox under 1 s apart
  // (one 429 in the rehearsal scenario at ×30) and a tile missed its 10 s: two it stays. On
  // a machine three times as fast, three ran green in 7 min 50 s instead of 9 min 24 s
  // (docs/dev/testing.md, "Where the end-to-end stage's time goes"): `ONAIR_E2E_WORKERS=3`.
  fullyParallel: false,
  workers: Number(process.env.ONAIR_E2E_WORKERS) || 2,
  // No retries, on CI as locally: a test passes the first time or fails. The sandbox runs in
  // a process of its own (e2e/sandbox-process.ts), so a stalled Playwright worker can no longer
  // make two calls the app spaced correctly look too close to the rate limit (the one 429 that
  // made CI retry a test once until issue 34).
  retries: 0,
  reporter: [['list']],
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
    // A failed test keeps its trace: each action with the page's DOM before and after it, its
    // network and console. Not the screencast of every frame, which cost the browser a fifth
    // of the suite's CPU to encode (docs/dev/testing.md); the failure's screenshot is kept.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  // The reruns first: workers take files in the order of the projects, and these few long
  // files left last made a tail of one worker alone (about 4 min on CI).
  projects: [
    ...(reruns
      ? [
          {
            name: `at ${reruns.afterMidnight}`,
            testMatch: scheduleSpecs,
            grep: /edits the schedule on the timeline|copy a day/,
            use: { clockAt: reruns.afterMidnight },
          },
          {
            name: `at ${reruns.monthEnd}`,
            testMatch: [
              ...scheduleSpecs,
              '**/schedule-waiting.spec.ts',
              '**/schedule-media.spec.ts',
            ],
            grepInvert: /fill a range/,
            use: { clockAt: reruns.monthEnd },
          },
        ]
      : []),
    { name: 'now' },
  ],
});
