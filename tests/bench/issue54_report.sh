#!/usr/bin/env bash
# Issue 54's report runs for a President Expert (docs/performance.md, "the issue 54 report runs"): each table in parts
# of 20 matches on fresh seeds, every part saved as it ends; a part already saved is skipped, so a run goes on where
# it stopped (in another session too, if OUT survives: keep it outside /tmp).
#
#   setsid bash -c 'echo 19 > /proc/self/autogroup; exec tests/bench/issue54_report.sh OUT CORE TABLE...' &
#                                                     one process on CORE at nice 19, in an autogroup of its own
#   DRY=1 tests/bench/issue54_report.sh OUT 1 eess    print the commands only
#   tests/bench/arena.py president --load OUT/eess_*.json     the figure so far
#
# TABLE: esse eess (yard:search two seats each, alternating / in pairs), mixed (rules, hoarder, shedder), rules,
# hoarder, shedder (three of each), normal (Expert v Normal, two seats each). 500 matches each, normal 300.
# EXPERT: the Expert to report (default president:expert). BASE: the first seed (default 380000: never used in tuning
# or in an earlier report; every table has its own block of 10000 above it). UNTIL=HHMM: start no part after then.
# PART: matches a part (default 20; a smoke test: PART=1 with a throw-away OUT).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:?OUT dir}; CORE=${2:?core}; shift 2
EXPERT=${EXPERT:-president:expert}
BASE=${BASE:-380000}
mkdir -p "$OUT"
E=$EXPERT
for table in "$@"; do
  case $table in
    esse)    players="$E,yard:search,$E,yard:search"; block=0; total=500 ;;
    eess)    players="$E,$E,yard:search,yard:search"; block=1; total=500 ;;
    mixed)   players="$E,yard:rules,yard:hoarder,yard:shedder"; block=2; total=500 ;;
    rules)   players="$E,yard:rules,yard:rules,yard:rules"; block=3; total=500 ;;
    hoarder) players="$E,yard:hoarder,yard:hoarder,yard:hoarder"; block=4; total=500 ;;
    shedder) players="$E,yard:shedder,yard:shedder,yard:shedder"; block=5; total=500 ;;
    normal)  players="$E,president:normal,$E,president:normal"; block=6; total=300 ;;
    *) echo "unknown table $table" >&2; exit 2 ;;
  esac
  for ((part = 0; part < total; part += ${PART:-20})); do
    seed=$((BASE + block * 10000 + part))
    save="$OUT/${table}_${seed}.json"
    [ -s "$save" ] && continue
    if [ -n "${UNTIL:-}" ] && [ "$(date -u +%H%M)" -ge "$UNTIL" ]; then exit 0; fi
    cmd=(.venv/bin/python tests/bench/arena.py president --players "$players" --matches "${PART:-20}" --seed "$seed" --procs 1
         --save "$save.part")
    if [ -n "${DRY:-}" ]; then echo "${cmd[*]}"; continue; fi
    nice -n 19 taskset -c "$CORE" "${cmd[@]}" > "$save.log" 2>&1
    mv "$save.part" "$save"  # only a whole part counts
  done
done
