#!/usr/bin/env bash
# `npm test`: every check and both suites. The type-check, lint, build and unit tests run side by
# side (the lint alone is 80 s of one core; the unit tests fill the other), the browser tests after
# all but the lint. Each check's output is printed whole when it ends; any failure fails.
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

stop_tree() { # pid: the process and all below it (npm → sh → Playwright → its workers and browsers)
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do stop_tree "$child"; done
  kill "$1" 2>/dev/null
}

start build npm run -s build
start typecheck npm run -s typecheck
start lint npm run -s lint
finish build
# The unit tests read the built dist/ (tests/unit/dist.test.ts): they start once it is there.
if [ ${#failed[@]} -eq 0 ]; then start unit npm run -s test:unit; finish unit; fi
finish typecheck

if [ ${#failed[@]} -ne 0 ]; then
  finish lint
  echo "━━ not running the browser tests: ${failed[*]} failed"
  exit 1
fi
# The browser tests start while the lint (one core's work) may still run, so the other core does
# not wait for it; a lint failure prints its report and stops them.
npm run -s test:e2e &
e2e=$!
# A run stopped from outside (Ctrl-C, a cancelled CI job) takes the browser tests with it.
trap 'stop_tree "$e2e"; exit 130' INT TERM
finish lint
if [ ${#failed[@]} -ne 0 ]; then
  stop_tree "$e2e"
  wait "$e2e"
  echo "━━ browser tests stopped: ${failed[*]} failed"
  exit 1
fi
wait "$e2e"
