#!/usr/bin/env bash
# `npm run test:e2e`: runs every Playwright spec in Debian's Chromium
# through the browser host, inside a private keyring (with-keyring.sh).
#
# Time: every spec runs at one instant, `ONAIR_E2E_CLOCK` (ISO 8601 UTC) or the real now
# (e2e/clock.ts). When ONAIR_E2E_CLOCK is not set and no spec is named, the schedule tests
# whose outcome depends on the hour also run just after 00:00 UTC and at 23:58:30 UTC on the
# last day of this month (across midnight and the month's end): two more Playwright projects
# in the same run and the same pool of workers (which tests: playwright.config.ts).
#
# Workers: several spec files at once, the tests of one file in order (playwright.config.ts).
# Each test has its own host, sandbox and data folder (e2e/fixtures.ts; the sandboxes run in
# one child process per worker, docs/dev/sandbox.md "The e2e sandbox"), so files share nothing
# but the cores, and the UI coverage parts of the workers are joined at the end of the run
# (e2e/ui-coverage.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

# The specs drive the built app; Playwright's global setup (e2e/build-setup.ts) builds it first
# when a source is newer than out/ (CI's package:check stage has just built it).
if [ -z "${ONAIR_E2E_CLOCK:-}" ] && [ $# -eq 0 ]; then
  export ONAIR_E2E_CLOCK_RERUNS=1
fi
bash scripts/with-keyring.sh npx playwright test "$@"
