#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What the runs of ours (tests/fixtures/dogfood/RELEASE/SECTION) showed
# and what the data holds from them: per release and section, the runs
# (check invocations), their wall time as fstests gives it ("-" for a
# run cut short, which has none), the tests
# that ran, passed and failed, and compare's classes against the data;
# then per release, the data lines that record it (passed=, seen=) and
# the lines bounded there (fixed=). Only the tool reads the results and
# the data: its compare and entries JSON.
#
# Usage: dev/evidence-figures.sh FEXP [DATA_DIR]
set -eu

fexp=${1:?usage: $0 FEXP [DATA_DIR]}
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$top/tools/testing/fstests-expunge
data=${2:-$tool/data}
runs=$tool/tests/fixtures/dogfood

printf '%-9s %-14s %4s %7s %5s %5s %5s %6s %5s %6s\n' release section runs \
	seconds ran pass fail notrun known unexp
for dir in "$runs"/*/*/; do
	dir=${dir%/}
	sec=$(basename "$dir")
	rel=$(basename "$(dirname "$dir")")
	"$fexp" compare --data "$data" --format json "$dir" 2>/dev/null |
	python3 -c '
import json, sys
rel, sec = sys.argv[1:3]
d = json.load(sys.stdin)
t = d["totals"]
runs = d["runs"]["run"]
secs = sum(r.get("duration") or 0 for r in runs)
ran = sum(v for k, v in t.items() if k not in ("not_run", "missing"))
fail = ran - t["pass"] - t["unexpected_pass"] - t["fixed"]
# an incomplete run (time="") gives no duration
print("%-9s %-14s %4d %7s %5d %5d %5d %6d %5d %6d" % (rel, sec, len(runs),
      secs or "-", ran, t["pass"] + t["unexpected_pass"] + t["fixed"], fail,
      t["not_run"], t["known_failure"], t["unexpected_pass"]))
' "$rel" "$sec" || true
done

echo
printf '%-9s %8s %6s %7s\n' release passed= seen= fixed=
for rel in $(cd "$runs" && ls -d */ | tr -d /); do
	"$fexp" entries "$data"/*.expunge "$data"/eol/*.expunge 2>/dev/null |
	python3 -c '
import json, sys
rel = sys.argv[1]
n = {"passed": 0, "seen": 0, "fixed": 0}
for line in sys.stdin:
    e = json.loads(line)
    for k in n:
        if rel in (e.get(k) or []):
            n[k] += 1
print("%-9s %8d %6d %7d" % (rel, n["passed"], n["seen"], n["fixed"]))
' "$rel"
done
