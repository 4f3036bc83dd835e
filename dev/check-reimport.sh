#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A re-import of the harnesses' own lists the shipped data was imported
# from (xfstests-bld and kdevops under REFDATA, at the commits the data's
# from= name) onto a copy of the shipped data changes nothing: every
# line curated by hand since (reasons, kinds, fixes, sections merged)
# stays byte for byte, and no file is started for a filesystem the data
# has none for. Negative control: with the lines of xfs/348 taken out of
# the copy first, the re-import must put lines back (a diff).
#
# Usage: dev/check-reimport.sh FSTESTS_EXPUNGE DATA_DIR REFDATA WORK_DIR
set -u

fexp=$1
data=$2
refdata=$3
work=$4

# Re-import both harnesses onto dir, a copy of the data dir src: 0, or 2
reimport() {
	local src=$1 dir=$2
	rm -rf "$dir"
	cp -r "$src" "$dir"
	if ! "$fexp" import --from xfstests-bld "$refdata/xfstests-bld" \
		--rev 1ef4272387f9 --write --data "$dir" >"$dir.log" 2>&1 ||
	   ! "$fexp" import --from kdevops "$refdata/kdevops" \
		--rev 4b6bbb7ffbd4 --write --data "$dir" >>"$dir.log" 2>&1; then
		echo "reimport: import failed:"
		tail -n 5 "$dir.log"
		return 2
	fi
}

# How many lines differ between data dirs src and dir (files too)
changed() {
	diff -r "$1" "$2" >"$2.diff"
	grep -c '^[<>]\|^Only in' "$2.diff"
}

rm -rf "$work"
mkdir -p "$work"
reimport "$data" "$work/again" || exit 2
n=$(changed "$data" "$work/again")
echo "reimport: $n lines changed by re-importing xfstests-bld and kdevops" \
	"onto the shipped data"
[ "$n" -eq 0 ] || { head -n 20 "$work/again.diff"; exit 1; }
awk '/: [0-9]+ added/ { a += $2; t += $4; w += $7 }
     /no such file/ { s += $(NF - 1) }
     END { printf "reimport: facts: %d already there, %d added, %d not " \
	   "written (what they select is there already), %d for filesystems " \
	   "without a data file\n", t, a, w, s }' "$work/again.log"

# Negative control: the lines of xfs/348 gone, the re-import adds some
cp -r "$data" "$work/control-data"
sed -i '/^xfs\/348 /d' "$work/control-data/xfs.expunge" \
	"$work/control-data/eol/xfs.expunge"
reimport "$work/control-data" "$work/control" || exit 2
n=$(changed "$work/control-data" "$work/control")
echo "reimport: negative control: xfs/348's lines taken out, $n lines" \
	"put back"
[ "$n" -gt 0 ] || { echo "reimport: negative control not caught"; exit 1; }
