#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What "make run" shows fits a screen or two: the running kernel, one
# line per filesystem, and the ext4 exclude file in full (FS= names
# another, an unknown FS= is refused); and the README opens with a short
# paragraph before the two set-up commands.
#
# Usage: dev/check-run.sh FSTESTS_EXPUNGE WORK_DIR [RUN_SCRIPT]
#   RUN_SCRIPT: what make run calls (default dev/run.sh); the negative
#   control passes one that prints every file.
set -u

fexp=$1
t=$2
top=$(cd "$(dirname "$0")/.." && pwd)
run=${3:-$top/dev/run.sh}
max=100		# lines: two screens of 50

. "$top/dev/lib.sh"

rm -rf "$t" && mkdir -p "$t" || exit 1
if ! "$fexp" kernel >/dev/null 2>"$t/kernel.err"; then
	echo "skip: no config of the running kernel here: $(head -n 1 "$t/kernel.err")"
	exit 0
fi
bash "$run" "$fexp" "$t/out" >"$t/run.out" 2>"$t/run.err" ||
	bad "run: exit $? ($(head -n 3 "$t/run.err"))"
n=$(wc -l <"$t/run.out")
if [ "$n" -le $max ]; then
	ok "make run: $n lines (at most $max)"
else
	bad "make run: $n lines, more than $max"
fi
for key in release version config data; do
	if grep -q "^$key: " "$t/run.out"; then
		ok "the running kernel: $key"
	else
		bad "no '$key:' line of the running kernel"
	fi
done
fss=$("$fexp" kernel --format keys | sed -n 's/^filesystems=//p')
for fs in $fss; do
	c=$(grep -c "^  $fs  *[0-9]* tests left out" "$t/run.out")
	[ "$c" = 1 ] || bad "$fs: $c lines, not one"
done
ok "one line for each of $(echo "$fss" | wc -w) filesystems"

# in_full FILE OUT: FILE's lines are a block of OUT, in order
in_full() {
	python3 - "$1" "$2" <<'PY'
import sys
try:
    f = open(sys.argv[1]).read().splitlines()
except OSError:
    sys.exit(1)
o = open(sys.argv[2]).read().splitlines()
sys.exit(0 if f and any(o[i:i + len(f)] == f for i in range(len(o))) else 1)
PY
}
if [ -f "$t/out/ext4.exclude" ] && in_full "$t/out/ext4.exclude" "$t/run.out"; then
	ok "the ext4 exclude file shown in full"
else
	bad "the ext4 exclude file not shown in full"
fi
if grep -q '^generic/[0-9]* # ' "$t/run.out" &&
		! grep '^[a-z0-9]*/[0-9]* # ' "$t/run.out" |
		grep -vxFf "$t/out/ext4.exclude" | grep -q .; then
	ok "no other filesystem's file shown"
else
	bad "lines of another file than ext4's shown"
fi
bash "$run" "$fexp" "$t/xfs" xfs >"$t/xfs.out" 2>&1
if in_full "$t/xfs/xfs.exclude" "$t/xfs.out" && ! grep -q '^== .*ext4.exclude' "$t/xfs.out"; then
	ok "FS=xfs: xfs's file shown instead"
else
	bad "FS=xfs does not show xfs's file alone"
fi
bash "$run" "$fexp" "$t/bogus" nosuchfs >"$t/bogus.out" 2>&1
if [ $? = 2 ] && grep -q 'there is data for: .*ext4' "$t/bogus.out"; then
	ok "FS=nosuchfs: exit 2, naming the filesystems with data"
else
	bad "FS=nosuchfs: $(head -n 1 "$t/bogus.out")"
fi

# the README: a title, a paragraph of at most 6 lines, and the two
# commands of the set-up, exactly
readme=$top/README.md
para=$(awk 'NR > 1 && /^# / { on = 1; next } on && /^$/ && n { exit }
	on && /./ { n++ } END { print n + 0 }' "$readme")
if [ "$para" -le 6 ]; then
	ok "README opens with a paragraph of $para lines"
else
	bad "README opens with a paragraph of $para lines, more than 6"
fi
cmds=$(sed -n '/^## On a fresh machine/,/^## /p' "$readme" |
	grep '^    make' | tr -s ' ' | paste -sd,)
if [ "$cmds" = " make run, make check" ]; then
	ok "README: the set-up is make run and make check"
else
	bad "README set-up commands: '$cmds'"
fi
echo "$pass passed, $fails failed"
[ "$fails" = 0 ]
