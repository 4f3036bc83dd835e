#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# compare's KTAP report as the kernel's own KTAP parser reads it
# (tools/testing/kunit/kunit.py parse --json): a still-failing test is a
# failure, a known failure (ok ... # XFAIL) is never a plain pass, and the
# other tests keep their names.
#
# Usage: dev/check-ktap.sh KSRC BUILD_DIR
set -u

ksrc=$1
build=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
cmp=$top/tools/testing/fstests-expunge/tests/fixtures/compare
fexp=$build/fstests-expunge
kunit=$ksrc/tools/testing/kunit/kunit.py
t=$build/ktap-check
fails=0

ok() { echo "ok - $*"; }
bad() { echo "not ok - $*"; fails=$((fails + 1)); }

rm -rf "$t"
mkdir -p "$t"

# parse NAME COMPARE-ARGS...: the report as kunit.py reads it, in $t/NAME.json
parse() {
	local name=$1
	shift
	"$fexp" compare --format ktap "$@" >"$t/$name.ktap"
	# it exits 1 when a test failed: what it wrote tells
	python3 "$kunit" parse --json="$t/$name.json" "$t/$name.ktap" \
		>"$t/$name.parsed" 2>&1
	grep -q 'Testing complete' "$t/$name.parsed" && [ -s "$t/$name.json" ] ||
		{ bad "kunit.py parse $name"; cat "$t/$name.parsed"; }
}

# status NAME SECTION TEST: what kunit.py made of the test's line
status() {
	jq -r --arg s "$2" --arg t "$3" '.sub_groups[] | select(.name == $s) |
		.test_cases[] | select(.name == $t or (.name | startswith($t + " "))) |
		"\(.status) \(.name)"' "$t/$1.json"
}

# expect NAME SECTION TEST WANT WHAT: kunit.py made WANT of the test
expect() {
	local got

	got=$(status "$1" "$2" "$3")
	[ "$got" = "$4" ] && ok "$5: $got" || bad "$5, not '$got'"
}

# ext4/306 fails in both runs, and the data says nothing of it
parse still --data "$cmp/fstests" --baseline "$cmp/runs/run1-ext4/ext4_4k" \
	"$cmp/runs/run1-ext4/ext4_4k"
expect still ext4_4k ext4/306 "FAIL ext4/306" \
	"a still-failing test is a failure"

# generic/537 is a known failure in the data
parse known --data "$cmp/data" "$cmp/kdevops/20230829"
got=$(status known xfs_reflink_4k generic/537)
case $got in
"PASS generic/537" | "") bad "a known failure is no plain pass: '$got'" ;;
*) ok "a known failure is no plain pass: $got" ;;
esac
expect known xfs_reflink_4k generic/001 "PASS generic/001" "a pass is a pass"

# Names with a '#' stay names: kunit.py takes what follows a '#' as a
# directive, and "generic/002 # SKIP" would hide a regression as a skip.
cat >"$t/hash.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="xfstests" failures="1" skipped="0" tests="2" time="5">
<properties>
<property name="SECTION" value="s1 # SKIP"/>
<property name="FSTYP" value="xfs"/>
<property name="KERNEL" value="6.6.0"/>
</properties>
<testcase classname="xfstests.s1 # SKIP" name="generic/002 # SKIP" time="3">
<failure message="boom # SKIP" type="TestFail"/>
</testcase>
<testcase classname="xfstests.s1 # SKIP" name="generic/003" time="2"/>
</testsuite>
XML
parse hash --data "$cmp/fstests" "$t/hash.xml"
got=$(jq -r '[.sub_groups[] | .name, (.test_cases[] | "\(.status) \(.name)")] |
	join(", ")' "$t/hash.json")
case $got in
's1 \x23 SKIP, FAIL generic/002 \x23 SKIP, PASS generic/003')
	ok "a '#' in a name is no directive: $got" ;;
*) bad "a '#' in a name is no directive, not '$got'" ;;
esac
grep -q 'Ran 2 tests: passed: 1, failed: 1$' "$t/hash.parsed" &&
	ok "a '#' in a section name: no error, no skip" ||
	bad "a '#' in a section name: $(grep 'Ran ' "$t/hash.parsed")"

# xfs_reflink_4k is not in the baseline: generic/095 failed there, and
# the data does not explain it; the notes are diagnostics, not tests
parse newsec --data "$cmp/data" --baseline "$cmp/kdevops/20231218" \
	"$cmp/../kdevops-archive/old-unpacked"
expect newsec xfs_reflink_4k generic/095 "FAIL generic/095" \
	"a failure of a section new to the run fails"
got=$(jq -r '[.sub_groups[].name] | join(" ")' "$t/newsec.json")
[ "$got" = "xfs_reflink_1024 xfs_reflink_4k" ] &&
	ok "the notes are no subtests: $got" ||
	bad "the notes are no subtests, not '$got'"

[ "$fails" -eq 0 ]
