#!/usr/bin/env bash
# `npm run test:e2e`: runs every Playwright spec in Debian's Chromium
# through the browser host, inside a private keyring (with-keyring.sh).
#
# Time: every spec runs at one instant, `ONAIR_E2E_CLOCK` (ISO 8601 UTC) or the real now
# (e2e/clock.ts). When ONAIR_E2E_CLOCK is not set and no spec is named, the schedule tests
# whose outcome depends on the hour run again: just after 00:00 UTC and at 23:58:30 UTC on
# the last day of this month (across midnight and the month's end); which ones, below.
#
# Workers: every run takes two (playwright.config.ts for the full pass, `--workers 2` for the
# reruns): two spec files at once, the tests of one file in order. Each test has its own host,
# sandbox and data folder (e2e/fixtures.ts; the sandboxes run in one child process per worker,
# docs/dev/sandbox.md "The e2e sandbox"), so two files share nothing but the cores, and the
# UI coverage parts of both workers are joined at the end of each run (e2e/ui-coverage.ts).
# The full pass took 8.8-11.0 min with two workers on a 2-core machine that other test runs
# shared (load 5-10), against 14.9 min with one worker on an idle CI runner.
set -euo pipefail
cd "$(dirname "$0")/.."

# The specs drive the built app; Playwright's global setup (e2e/build-setup.ts) builds it first
# when a source is newer than out/ (CI's package:check stage has just built it).
bash scripts/with-keyring.sh npx playwright test "$@"

if [ -z "${ONAIR_E2E_CLOCK:-}" ] && [ $# -eq 0 ]; then
  # Only the tests whose outcome depends on the hour run again (issue 34 §5):
  # - just after 00:00 UTC: the timeline edited at the start of a day, and copying a day that
  #   has barely begun;
  # - at 23:58:30 UTC on the month's last day: the same, plus the edits next to the program on
  #   air, the waiting screen and the media of programs 20 min to 4 h ahead (the next day, the
  #   next month). "Fill a range" works on a day four days ahead, whatever the hour: not again.
  after_midnight=$(date -u -d 'tomorrow' +%Y-%m-%dT00:00:30Z)
  month_end=$(date -u -d "$(date -u +%Y-%m-01) +1 month -1 day" +%Y-%m-%dT23:58:30Z)
  echo "Schedule tests as if it were $after_midnight:"
  ONAIR_E2E_CLOCK=$after_midnight bash scripts/with-keyring.sh npx playwright test --workers 2 \
    --output "test-results/at-${after_midnight//:/}" e2e/schedule.spec.ts e2e/schedule-bulk.spec.ts \
    --grep "edits the schedule on the timeline|copy a day"
  echo "Schedule tests as if it were $month_end:"
  ONAIR_E2E_CLOCK=$month_end bash scripts/with-keyring.sh npx playwright test --workers 2 \
    --output "test-results/at-${month_end//:/}" e2e/schedule.spec.ts e2e/schedule-bulk.spec.ts \
    e2e/schedule-waiting.spec.ts e2e/schedule-media.spec.ts --grep-invert "fill a range"
fi
