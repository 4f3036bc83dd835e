#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Compaction keeps the selection, on real data (a quick grid for make
# check; dev/check-selection.sh over the whole grid is the slow proof).
#
# The data before compaction: the shipped data with what "import" prints
# from the harnesses' own lists (xfstests-bld and kdevops under REFDATA)
# added to each file as it prints it, uncompacted: one line per list and
# kernel series, lines the shipped data already has, hand-written lines
# beside imported ones. The data after: a copy of it rewritten by
# "check --compact" (the writer import --write and update --write use).
# dev/check-selection.sh then compares what exclude and flaky select
# from both for xfs, ext4, btrfs and tmpfs, every section the data names,
# maintained and unmaintained kernels, the conditions' symbols set and
# unset, no environment switch and every switch, after a negative
# control: the compacted data with one line dropped must be caught.
#
# Usage: dev/check-compact.sh FSTESTS_EXPUNGE DATA_DIR REFDATA WORK_DIR
set -u

fexp=$1
data=$2
refdata=$3
work=$4
top=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$work"
mkdir -p "$work"
cp -r "$data" "$work/before"
# "# FS.expunge" starts each file's lines in what import prints
"$fexp" import --from xfstests-bld "$refdata/xfstests-bld" --rev 1ef4272387f9 \
	>"$work/import.txt" 2>"$work/import.err" &&
"$fexp" import --from kdevops "$refdata/kdevops" --rev 4b6bbb7ffbd4 \
	>>"$work/import.txt" 2>>"$work/import.err" ||
	{ echo "import failed:"; tail -n 5 "$work/import.err"; exit 2; }
awk -v dir="$work/before" '
	/^# [a-z0-9]+\.expunge$/ { f = dir "/" $2; next }
	f { print >>f }' "$work/import.txt"
cp -r "$work/before" "$work/after"
"$fexp" check --compact --data "$work/after" >"$work/compact.log" 2>&1 ||
	{ echo "check --compact failed:"; tail -n 5 "$work/compact.log"; exit 2; }
before=$(cat "$work/before"/*.expunge "$work/before"/eol/*.expunge \
	2>/dev/null | grep -vc '^#\|^$')
after=$(cat "$work/after"/*.expunge "$work/after"/eol/*.expunge |
	grep -vc '^#\|^$')
echo "compact: $before lines before, $after after"
CHECK_SELECTION_CONTROL=1 CHECK_SELECTION_QUICK=1 \
CHECK_SELECTION_KERNELS="5.10.200 6.1.100 6.6.50 6.12.50 6.19-rc3 4.19.300 6.8.12" \
CHECK_SELECTION_ENVS="- large-disk+fast+gce" \
	bash "$top/dev/check-selection.sh" "$fexp" "$work/before" \
	"$work/after" xfs ext4 btrfs tmpfs
