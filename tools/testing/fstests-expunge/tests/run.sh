#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run the unit test programs given as arguments (kselftest harness, KTAP),
# then print one summary line for the whole suite.
pass=0
fail=0
for t in "$@"; do
	out=$("$t" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	p=$(printf '%s\n' "$out" | grep -c '^ok ')
	f=$(printf '%s\n' "$out" | grep -c '^not ok ')
	# A program that dies before its totals counts as one failure more
	if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "not ok $(basename "$t") exited with status $rc"
	fi
	pass=$((pass + p))
	fail=$((fail + f))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
