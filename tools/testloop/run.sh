#!/usr/bin/env bash
# `make test`: runs the given make targets one after the other, stops at the first that fails (as
# make's own prerequisites would), and prints how long each took, so every run (CI's included)
# shows where the test loop's minutes go (README "The test loop").
set -uo pipefail
cd "$(dirname "$0")/../.."
declare -a rows=()
total_start=$SECONDS
status=0
for target in "$@"; do
  start=$SECONDS
  make --no-print-directory "$target"
  rc=$?
  rows+=("$(printf '%-14s %5ds%s' "$target" $((SECONDS - start)) "$([ $rc -ne 0 ] && echo '  FAILED')")")
  if [ $rc -ne 0 ]; then status=$rc; break; fi
done
echo
echo "make test: time per target"
printf '  %s\n' "${rows[@]}"
printf '  %-14s %5ds\n' total $((SECONDS - total_start))
exit $status
