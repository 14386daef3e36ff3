#!/usr/bin/env bash
# `make test`: runs the given make targets one after the other, stops at the first that fails (as
# make's own prerequisites would), and prints how long each took, so every run (CI's included)
# shows where the test loop's minutes go (README "The test loop").
#
# A step "a+b" runs a and b at the same time and waits for both, and each part of a step may be a
# sequence "a,b,c" run one after the other (stopping at its first failure). So a target that mostly
# waits (the fault matrix waits out its deadlines and recoveries at a load of about 0.5), or the
# frontend's install, build and jest, run beside the Go tests that keep the cores busy. The output
# of every part of a step but the first is held back and printed in one piece when the step ends,
# so each runner's lines stay together.
set -uo pipefail
cd "$(dirname "$0")/../.."
declare -a rows=()
total_start=$SECONDS
status=0
held=$(mktemp -d)
trap 'rm -rf "$held"' EXIT
# The targets run as background jobs, which a non-interactive shell starts with SIGINT ignored:
# Ctrl-C (or CI's SIGTERM) stops them through the process group instead.
trap 'trap - INT TERM; kill -TERM 0 2>/dev/null; exit 130' INT TERM

row() { rows+=("$(printf '%-14s %5ds%s' "$1" "$2" "$([ "$3" -ne 0 ] && echo '  FAILED')")"); }

# run_sequence "a,b,c": each target times itself (its own end, not when the step is waited for)
# into $held/<target>.time as "<seconds> <exit status>".
run_sequence() {
  local u s rc
  local -a seq
  IFS=, read -r -a seq <<<"$1"
  for u in "${seq[@]}"; do
    s=$SECONDS
    make --no-print-directory "$u"
    rc=$?
    echo "$((SECONDS - s)) $rc" >"$held/$u.time"
    if [ $rc -ne 0 ]; then return $rc; fi
  done
}

for step in "$@"; do
  IFS=+ read -r -a parts <<<"$step"
  declare -a pids=()
  for i in "${!parts[@]}"; do
    if [ "$i" -eq 0 ]; then
      run_sequence "${parts[$i]}" &
    else
      run_sequence "${parts[$i]}" >"$held/part$i.log" 2>&1 &
    fi
    pids[$i]=$!
  done
  for i in "${!parts[@]}"; do
    wait "${pids[$i]}"
    rc=$?
    if [ "$i" -gt 0 ]; then
      echo "---- output of make ${parts[$i]//,/, } (ran beside ${parts[0]//,/, }) ----"
      cat "$held/part$i.log"
    fi
    IFS=, read -r -a seq <<<"${parts[$i]}"
    for u in "${seq[@]}"; do
      if [ -f "$held/$u.time" ]; then read -r took urc <"$held/$u.time"; row "$u" "$took" "$urc"; fi
    done
    if [ $rc -ne 0 ]; then status=$rc; fi
  done
  unset pids
  if [ $status -ne 0 ]; then break; fi
done
echo
echo "make test: time per target (in a step a,b+c,d the sequences a,b and c,d ran at the same time)"
printf '  %s\n' "${rows[@]}"
printf '  %-14s %5ds\n' total $((SECONDS - total_start))
exit $status
