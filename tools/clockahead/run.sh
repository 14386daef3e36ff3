#!/usr/bin/env bash
# Runs the Go tests and the jest suite with the clock moved ahead (default 365 days), to find tests
# and code that read the wall clock instead of the injected one (a suite green today must be green
# next year). Not part of `make test` (it compiles and runs everything a second time); run it with
# `make test-clock-ahead` before a release or after touching anything date-related.
#
# Go: the runtime reads the clock through the vDSO, so LD_PRELOAD fakers do not reach it; instead
# the build overlays the standard library's time.Now with a copy that adds the offset (go build
# -overlay). Processes the tests start with their own `go build` run on the real clock.
# jest: Node reads the clock through libc, so Debian's libfaketime moves it (monotonic time untouched,
# so timers keep their pace).
set -euo pipefail
cd "$(dirname "$0")/../.."
days=${CLOCK_AHEAD_DAYS:-365}
modules=${GO_MODULES:-libs/go libs/go/discovery-ext services/catalog services/domain services/cart services/promotion services/customer services/payment services/order gateway tools tools/deploytest}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
goroot=$(go env GOROOT)
sed "s|^\tsec, nsec, mono := runtimeNow()\$|\tsec, nsec, mono := runtimeNow()\n\tsec += ${days} * 86400 // clock-ahead overlay|" "$goroot/src/time/time.go" > "$work/time.go"
grep -q 'clock-ahead overlay' "$work/time.go" || { echo "clockahead: time.Now of $goroot not recognised" >&2; exit 1; }
printf '{"Replace":{"%s":"%s"}}\n' "$goroot/src/time/time.go" "$work/time.go" > "$work/overlay.json"

status=0
if [ "${CLOCK_AHEAD_SKIP_GO:-}" != true ]; then
  for m in $modules; do
    echo "== go test, clock +${days}d: $m"
    (cd "$m" && go test -count=1 -overlay="$work/overlay.json" ./...) || status=1
  done
fi
if [ "${CLOCK_AHEAD_SKIP_WEB:-}" != true ]; then
  command -v faketime >/dev/null || { apt-get install -y -qq faketime >/dev/null; }
  echo "== jest, clock +${days}d"
  # npm test is `nx run-many -t test`, and Nx caches jest results keyed on the sources only (not the
  # clock): without --skip-nx-cache it would replay the results of the last normal run and prove
  # nothing. The run's own results go to a throwaway cache so results produced under a faked
  # clock (and their future timestamps) never land in the shared one.
  FAKETIME_DONT_FAKE_MONOTONIC=1 NX_CACHE_DIRECTORY="$work/nx-cache" faketime -f "+${days}d" npm test -- --skip-nx-cache || status=1
fi
exit $status
