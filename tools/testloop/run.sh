#!/usr/bin/env bash
# `make test`: runs the given make targets one after the other, stops at the first that fails (as
# make's own prerequisites would), and prints how long each took, so every run (CI's included)
# shows where the test loop's minutes go (README "The test loop").
#
# A step "a+b" runs targets a and b at the same time and waits for both: for a target that mostly
# waits (the fault matrix waits out its deadlines and recoveries at a load of about 0.5) beside
# one that keeps the cores busy. The output of every target of such a step but the first is held
# back and printed in one piece when the step ends, so each runner's lines stay together. The first
# part of a step may be a sequence "a,b,c": those run one after the other (stopping at the first
# that fails) while the rest of the step runs beside the whole sequence.
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
  IFS=, read -r -a sequence <<<"${targets[0]}"
  for i in "${!targets[@]}"; do
    t=${targets[$i]}
    # Each target times itself (its own end, not when it is waited for).
    if [ "$i" -eq 0 ]; then
      (for u in "${sequence[@]}"; do
        s=$SECONDS; make --no-print-directory "$u"; rc=$?; echo "$((SECONDS - s)) $rc" >"$held/$u.time"
        if [ $rc -ne 0 ]; then exit $rc; fi
      done) &
    else
      (s=$SECONDS; make --no-print-directory "$t" >"$held/$t.log" 2>&1; rc=$?; echo "$((SECONDS - s)) $rc" >"$held/$t.time"; exit $rc) &
    fi
    pid_of[$i]=$!
  done
  for i in "${!targets[@]}"; do
    wait "${pid_of[$i]}"
    rc=$?
    if [ "$i" -eq 0 ]; then
      for u in "${sequence[@]}"; do
        if [ -f "$held/$u.time" ]; then read -r took urc <"$held/$u.time"; row "$u" "$took" "$urc"; fi
      done
    else
      t=${targets[$i]}
      echo "---- output of make $t (ran beside ${targets[0]//,/, }) ----"
      cat "$held/$t.log"
      read -r took urc <"$held/$t.time"
      row "$t" "$took" "$urc"
    fi
    if [ $rc -ne 0 ]; then status=$rc; fi
  done
  unset pid_of
  if [ $status -ne 0 ]; then break; fi
done
echo
echo "make test: time per target (in a step a,b+c, c ran beside a then b)"
printf '  %s\n' "${rows[@]}"
printf '  %-14s %5ds\n' total $((SECONDS - total_start))
exit $status
