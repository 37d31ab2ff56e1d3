#!/usr/bin/env bash
# `npm run check`: lint (eslint + prettier) and typecheck (tsc + svelte-check) side by side.
# Each is one process on one core; on a 2-core machine running them together saves the
# shorter one's time. Their output is prefixed so it stays readable; fails if either fails.
set -uo pipefail
cd "$(dirname "$0")/.."

(set -o pipefail; npm run --silent lint 2>&1 | sed -u 's/^/[lint] /') &
lint=$!
npm run --silent typecheck 2>&1 | sed -u 's/^/[typecheck] /'
typecheck=${PIPESTATUS[0]}
wait "$lint"
lint_status=$?
if [ "$lint_status" -ne 0 ] || [ "$typecheck" -ne 0 ]; then
  echo "check: lint exit $lint_status, typecheck exit $typecheck" >&2
  exit 1
fi
