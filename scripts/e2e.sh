#!/usr/bin/env bash
# `npm run test:e2e`: builds the app, then runs every Playwright spec in Debian's Chromium
# through the browser host, inside a private keyring (with-keyring.sh).
#
# Time: every spec runs at one instant, `ONAIR_E2E_CLOCK` (ISO 8601 UTC) or the real now
# (e2e/clock.ts). When ONAIR_E2E_CLOCK is not set and no spec is named, the schedule specs,
# whose timeline depends most on the time of day, run twice more: just after 00:00 UTC and
# at 23:58:30 UTC on the last day of this month (across midnight and the month's end).
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

npm run --silent build >&2
bash scripts/with-keyring.sh npx playwright test "$@"

if [ -z "${ONAIR_E2E_CLOCK:-}" ] && [ $# -eq 0 ]; then
  after_midnight=$(date -u -d 'tomorrow' +%Y-%m-%dT00:00:30Z)
  month_end=$(date -u -d "$(date -u +%Y-%m-01) +1 month -1 day" +%Y-%m-%dT23:58:30Z)
  for at in "$after_midnight" "$month_end"; do
    echo "Schedule specs as if it were $at:"
    ONAIR_E2E_CLOCK=$at bash scripts/with-keyring.sh npx playwright test --workers 2 \
      --output "test-results/at-${at//:/}" e2e/schedule.spec.ts e2e/schedule-bulk.spec.ts \
      e2e/schedule-waiting.spec.ts e2e/schedule-media.spec.ts
  done
fi
