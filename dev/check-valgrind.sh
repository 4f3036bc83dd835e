#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# valgrind (memcheck) over a few end-to-end commands: no error, and no
# definite or indirect leak. Children (the kconfig child never frees) are
# not checked. Prints one line per command; fails if any had a problem.
#
# Usage: dev/check-valgrind.sh FSTESTS_EXPUNGE TOOL_DIR WORKDIR
set -u

fexp=$1
tool=$2
work=$3
fix=$tool/tests/fixtures
cmp=$fix/compare
fail=0

# without valgrind, every command below would seem clean
command -v valgrind >/dev/null ||
	{ echo "not ok - valgrind: not installed (make setup installs it)"; exit 1; }

mkdir -p "$work"
# a file cut short: the error and recovery paths
head -c 3000 "$cmp/fstests/example-result.xml" > "$work/cut.xml"

vg() {
	local name=$1 log
	shift
	log=$work/$name.valgrind
	valgrind -q --error-exitcode=99 --leak-check=full \
		--show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect \
		--child-silent-after-fork=yes --log-file="$log" \
		"$fexp" "$@" >/dev/null 2>&1
	if [ $? -eq 99 ] || [ -s "$log" ]; then
		echo "not ok - valgrind $name (log: $log)"
		head -n 30 "$log" | sed 's/^/#   /'
		fail=1
	else
		echo "ok - valgrind $name"
	fi
}

vg compare-text compare --data "$cmp/data" --baseline "$cmp/runs/run1-ext4" \
	"$cmp/runs/run2-ext4-nodelalloc" "$cmp/runs/run3-loop"
vg compare-json compare --data "$cmp/data" --format json \
	"$cmp/kdevops/20231218" "$cmp/fstests/example-result.xml"
vg compare-ktap-cut compare --data "$cmp/data" --format ktap "$work/cut.xml"
vg compare-kcidb compare --data "$cmp/data" --format kcidb --origin vg \
	--baseline "$cmp/kdevops/20231218" "$cmp/kdevops/20240221"
vg compare-email compare --data "$cmp/data" --format email \
	--baseline "$cmp/runs/run1-ext4" "$cmp/runs/run3-loop" "$cmp/kdevops/2023"*
vg compare-html-runs compare --data "$cmp/data" --format html \
	-o "$work/report.html" "$cmp/kdevops/2023"* "$cmp/runs"
vg import-kdevops import --from kdevops "$fix/kdevops"
vg exclude exclude --data "$fix/data" --fs ext4 --release 6.6.0 \
	--config "$fix/config-dax" --explain
vg check check --data "$tool/data"
vg import import --from xfstests-bld "$fix/xfstests-bld"
rm -rf "$work/imported" && mkdir -p "$work/imported"
vg import-write import --from xfstests-bld "$fix/xfstests-bld" --write \
	--data "$work/imported"
vg exclude-groups exclude --data "$work/imported" --fs ext4 --section 4k \
	--release 6.6.29 --fstests "$fix/fstests-tree"
vg check-fstests check --data "$work/imported" --fstests "$fix/fstests-tree"
vg kernel kernel --release 6.1.0-28-amd64 --config "$fix/config-6.12-amd64-part"
exit $fail
