#!/usr/bin/env bash
# Runs every Go native fuzz target of the repository for a bounded time (FUZZTIME, default 5s
# each), so parsers of visitor input are fuzzed on every `make test`. Their seed corpora run with
# the ordinary tests already; a crash the fuzzer finds is written to the package's testdata/fuzz
# and becomes a regression test once committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
fuzztime=${FUZZTIME:-5s}
status=0
count=0
while IFS=: read -r file name; do
  dir=$(dirname "$file")
  echo "== fuzz $name ($dir, $fuzztime)"
  # One worker: the fuzzer shares the machine with the rest of the suite, and an overloaded
  # coordinator can miss its own deadline at the end of the run ("context deadline exceeded", or a
  # bare FAIL) without any input failing; such a run is tried once more. A failing input ("Failing
  # input written to") fails at once.
  for attempt in 1 2; do
    if out=$(cd "$dir" && go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -parallel 1 . 2>&1); then
      echo "$out" | tail -2
      break
    fi
    echo "$out" | tail -20
    if [ "$attempt" = 2 ] || grep -q "Failing input written to" <<<"$out"; then
      status=1
      break
    fi
    echo "fuzz $name: the fuzzer failed with no failing input (its own deadline); trying once more"
  done
  count=$((count + 1))
done < <(grep -rHo --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*' . | grep -v node_modules | sed 's/:func /:/')
echo "fuzz: $count targets, ${fuzztime} each"
exit $status
