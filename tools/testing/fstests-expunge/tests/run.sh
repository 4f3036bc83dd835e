#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the unit test programs given as arguments (kselftest harness, KTAP),
# then print one summary line for the whole suite: "N passed, N failed,
# N skipped". A test the harness skips ("ok N name # SKIP why") counts as
# skipped, not passed.
pass=0
fail=0
skip=0
for t in "$@"; do
	out=$("$t" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	s=$(printf '%s\n' "$out" | grep -c '^ok .*# SKIP')
	p=$(($(printf '%s\n' "$out" | grep -c '^ok ') - s))
	f=$(printf '%s\n' "$out" | grep -c '^not ok ')
	# A program that dies before its totals counts as one failure more
	if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "not ok $(basename "$t") exited with status $rc"
	fi
	pass=$((pass + p))
	fail=$((fail + f))
	skip=$((skip + s))
done
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
