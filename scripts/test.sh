#!/usr/bin/env bash
# `npm test`: every check and both suites. The type-check, lint, build and unit tests run side by
# side (the lint alone is 80 s of one core; the unit tests fill the other), the browser tests after
# them on the whole machine. Each part's output is printed whole when it ends; any failure fails.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
declare -A pids
failed=()

start() { # name command...
  local name=$1; shift
  ( started=$(date +%s); "$@" >"$logs/$name.log" 2>&1; rc=$?; echo "$rc $(( $(date +%s) - started ))" >"$logs/$name.rc"; exit $rc ) &
  pids[$name]=$!
}
finish() { # name
  local name=$1
  wait "${pids[$name]}"
  read -r rc seconds <"$logs/$name.rc"
  echo "━━ $name: $([ "$rc" = 0 ] && echo passed || echo FAILED) in ${seconds} s"
  cat "$logs/$name.log"
  [ "$rc" = 0 ] || failed+=("$name")
}

start build npm run -s build
start typecheck npm run -s typecheck
start lint npm run -s lint
finish build
# The unit tests read the built dist/ (tests/unit/dist.test.ts): they start once it is there.
if [ ${#failed[@]} -eq 0 ]; then start unit npm run -s test:unit; finish unit; fi
finish typecheck
finish lint

if [ ${#failed[@]} -ne 0 ]; then
  echo "━━ not running the browser tests: ${failed[*]} failed"
  exit 1
fi
npm run -s test:e2e
