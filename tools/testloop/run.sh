#!/usr/bin/env bash
# `make test`: runs the given make targets one after the other, stops at the first that fails (as
# make's own prerequisites would), and prints how long each took, so every run (CI's included)
# shows where the test loop's minutes go (README "The test loop").
#
# A step "a+b" runs targets a and b at the same time and waits for both: for a target that mostly
# waits (the fault matrix waits out its deadlines and recoveries at a load of about 0.5) beside
# one that keeps the cores busy. The output of every target of such a step but the first is held
# back and printed in one piece when the step ends, so each runner's lines stay together.
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

for step in "$@"; do
  IFS=+ read -r -a targets <<<"$step"
  declare -A pid_of=()
  for i in "${!targets[@]}"; do
    t=${targets[$i]}
    # Each target times itself (its own end, not when it is waited for).
    if [ "$i" -eq 0 ]; then
      (s=$SECONDS; make --no-print-directory "$t"; rc=$?; echo $((SECONDS - s)) >"$held/$t.time"; exit $rc) &
    else
      (s=$SECONDS; make --no-print-directory "$t" >"$held/$t.log" 2>&1; rc=$?; echo $((SECONDS - s)) >"$held/$t.time"; exit $rc) &
    fi
    pid_of[$t]=$!
  done
  for i in "${!targets[@]}"; do
    t=${targets[$i]}
    wait "${pid_of[$t]}"
    rc=$?
    if [ "$i" -gt 0 ]; then
      echo "---- output of make $t (ran beside ${targets[0]}) ----"
      cat "$held/$t.log"
    fi
    row "$t" "$(cat "$held/$t.time")" "$rc"
    if [ $rc -ne 0 ]; then status=$rc; fi
  done
  unset pid_of
  if [ $status -ne 0 ]; then break; fi
done
echo
echo "make test: time per target (a+b ran at the same time)"
printf '  %s\n' "${rows[@]}"
printf '  %-14s %5ds\n' total $((SECONDS - total_start))
exit $status
