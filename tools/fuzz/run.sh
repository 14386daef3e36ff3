#!/usr/bin/env bash
# Runs every Go native fuzz target of the repository for a bounded time (FUZZTIME, default 3.5s
# each), so parsers of visitor input are fuzzed on every `make test`. Their seed corpora run with
# the ordinary tests already; a crash the fuzzer finds is written to the package's testdata/fuzz
# and becomes a regression test once committed.
#
# 3.5 s keeps the step as long as 11 targets of 5 s took once a package's decoders became one
# target each (16 targets): go keeps the inputs that found new coverage in its cache
# ($GOCACHE/fuzz), so each run goes on from where the last one on this machine stopped.
#
# FUZZJOBS targets run at once (default: one per core). Each fuzzes with one worker, so the
# machine's cores are busy while the wall time is the sum divided by the jobs. Each target's
# output is printed in one piece when it ends.
set -euo pipefail
cd "$(dirname "$0")/../.."
fuzztime=${FUZZTIME:-3.5s}
jobs=${FUZZJOBS:-$(nproc)}
out_dir=$(mktemp -d)
trap 'rm -rf "$out_dir"' EXIT

# fuzz_one DIR NAME: exit status 0 when the target passed.
fuzz_one() {
  local dir=$1 name=$2 out attempt
  echo "== fuzz $name ($dir, $fuzztime)"
  # One worker: the fuzzer shares the machine with the rest of the suite, and an overloaded
  # coordinator can miss its own deadline at the end of the run ("context deadline exceeded", or a
  # bare FAIL) without any input failing: a race in Go's fuzzing coordinator at the -fuzztime
  # boundary (golang/go#75804), seen in two of three loaded CI runs on one target. Such a run is
  # tried up to twice more. A failing input ("Failing input written to") fails at once.
  for attempt in 1 2 3; do
    if out=$(cd "$dir" && go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -parallel 1 . 2>&1); then
      echo "$out" | tail -2
      return 0
    fi
    echo "$out" | tail -20
    if [ "$attempt" = 3 ] || grep -q "Failing input written to" <<<"$out"; then
      return 1
    fi
    echo "fuzz $name: the fuzzer failed with no failing input (its own deadline); trying again (attempt $((attempt + 1)) of 3)"
  done
}

status=0
count=0
running=0
declare -A log_of=()
finish_one() {
  local pid
  wait -n -p pid || status=1
  cat "${log_of[$pid]}"
  running=$((running - 1))
}
while IFS=: read -r file name; do
  if [ "$running" -ge "$jobs" ]; then finish_one; fi
  log=$out_dir/$count.log
  fuzz_one "$(dirname "$file")" "$name" >"$log" 2>&1 &
  log_of[$!]=$log
  running=$((running + 1))
  count=$((count + 1))
done < <(grep -rHo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' . | grep -v node_modules | sed 's/:func /:/')
while [ "$running" -gt 0 ]; do finish_one; done
echo "fuzz: $count targets, ${fuzztime} each, $jobs at a time"
exit $status
