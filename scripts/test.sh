#!/usr/bin/env bash
# `npm test`: every check and both suites. The build comes first; the unit tests and the browser
# tests then run side by side, both reading the built dist/ (tests/unit/dist.test.ts reads it too).
# The type-check and the lint run beside all of it at the lowest CPU priority: they have no time
# limits, so they take what the tests leave idle instead of slowing them. The unit tests run at
# normal priority: they end within about two minutes and fill the browser tests' waits on pages and
# timers (about a tenth of their time), instead of holding the browser tests back for 70 s.
# Each check's output is printed whole when it ends; any failure fails, and a failed unit test,
# type-check or lint stops the browser tests.
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
running() { # name: still under way
  [ ! -e "$logs/$1.rc" ]
}

stop_tree() { # pid: the process and all below it (npm → sh → Playwright → its workers and browsers)
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do stop_tree "$child"; done
  kill "$1" 2>/dev/null
}

start build npm run -s build
start typecheck nice -n 19 npm run -s typecheck
start lint nice -n 19 npm run -s lint
finish build
background=(typecheck lint)
if [ ${#failed[@]} -eq 0 ]; then start unit npm run -s test:unit; background=(unit "${background[@]}"); fi

if [ ${#failed[@]} -ne 0 ]; then
  for name in "${background[@]}"; do finish "$name"; done
  echo "━━ not running the browser tests: ${failed[*]} failed"
  exit 1
fi
npm run -s test:e2e &
e2e=$!
# A run stopped from outside (Ctrl-C, a cancelled CI job) takes the browser tests with it.
trap 'stop_tree "$e2e"; exit 130' INT TERM
# Each check beside the browser tests is reported when it ends; a failure stops the browser tests.
while [ ${#background[@]} -ne 0 ]; do
  sleep 1
  left=()
  for name in "${background[@]}"; do
    if running "$name"; then left+=("$name"); else finish "$name"; fi
  done
  background=("${left[@]}")
  if [ ${#failed[@]} -ne 0 ]; then
    stop_tree "$e2e"
    wait "$e2e"
    for name in "${background[@]}"; do finish "$name"; done
    echo "━━ browser tests stopped: ${failed[*]} failed"
    exit 1
  fi
done
wait "$e2e"
