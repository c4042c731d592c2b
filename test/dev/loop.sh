#!/usr/bin/env bash
# Runs the watch-mode suites N times (default 20) to show they are
# deterministic: prints passed/total and exits non-zero on any failure.
#   bash test/dev/loop.sh [N]
# Uses test/dev/loop.vitest.config.ts: the project's config without the global
# setup, which builds the real site that these suites never read.
set -u
cd "$(dirname "$0")/../.."
runs="${1:-20}"
passed=0
logs="test/.tmp/dev-loop-$$"
mkdir -p "$logs"
for i in $(seq 1 "$runs"); do
  if npx vitest run --config test/dev/loop.vitest.config.ts test/dev test/unit/dev >"$logs/run-$i.log" 2>&1; then
    passed=$((passed + 1))
    echo "run $i/$runs: passed"
  else
    echo "run $i/$runs: FAILED (log: $logs/run-$i.log)"
    grep -E '×|FAIL|Error' "$logs/run-$i.log" | head -20
  fi
done
echo "$passed/$runs"
if [ "$passed" -eq "$runs" ]; then
  rm -rf "$logs"
  exit 0
fi
exit 1
