#!/usr/bin/env bash
# `npm run check`: lint (eslint + prettier) and typecheck (svelte-check) side by side,
# then the import check (dependency-cruiser, .dependency-cruiser.mjs: no cycle in src-main,
# the sandbox's folders in their directions), then the doc check (scripts/doc-check.mjs:
# links, section citations, named pages). Lint and typecheck are one process on one core
# each; on a 2-core machine running them together saves the shorter one's time. Output is
# prefixed so it stays readable; fails if any fails.
# svelte-check type-checks every file of tsconfig.json, the .ts files as well as the
# components (a type error planted in a src-main .ts file fails it), so a separate
# `tsc --noEmit` checked the same program twice (75 s of CPU).
set -uo pipefail
cd "$(dirname "$0")/.."

(set -o pipefail; npm run --silent lint 2>&1 | sed -u 's/^/[lint] /') &
lint=$!
npm run --silent typecheck 2>&1 | sed -u 's/^/[typecheck] /'
typecheck=${PIPESTATUS[0]}
wait "$lint"
lint_status=$?
npm run --silent cycles 2>&1 | sed -u 's/^/[cycles] /'
cycles=${PIPESTATUS[0]}
node scripts/doc-check.mjs 2>&1 | sed -u 's/^/[docs] /'
docs=${PIPESTATUS[0]}
if [ "$lint_status" -ne 0 ] || [ "$typecheck" -ne 0 ] || [ "$cycles" -ne 0 ] || [ "$docs" -ne 0 ]; then
  echo "check: lint exit $lint_status, typecheck exit $typecheck, cycles exit $cycles, docs exit $docs" >&2
  exit 1
fi
