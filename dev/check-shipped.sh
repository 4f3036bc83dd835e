#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The shipped data (data/ and data/eol/, as the tool reads them) selects
# what the harnesses it was imported from select at their own default
# selections, on their real lists:
# - xfstests-bld: every test its rule leaves out for a filesystem we ship
#   a file for, each configuration and a kernel grid, is left out or
#   retried by the data (tests/agree-xfstests-bld.sh), except where
#   dev/shipped-differences says why not;
# - kdevops: every test it passes to check -E for each stable kernel
#   directory and section is left out or retried, with its large-disk
#   lists (the default) and without them (--env large-disk)
#   (dev/check-kdevops.sh).
# The data may leave out more: it holds both harnesses and hand-written
# lines. It must also lint clean.
#
# Usage: dev/check-shipped.sh FSTESTS_EXPUNGE DATA_DIR REFDATA WORK_DIR
set -u

fexp=$1
data=$2
refdata=$3
work=$4
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$top/tools/testing/fstests-expunge
fails=0

[ -d "$refdata/xfstests-bld" ] && [ -d "$refdata/kdevops" ] ||
	{ echo "$refdata: no xfstests-bld or kdevops lists" >&2; exit 2; }
rm -rf "$work"
mkdir -p "$work"

if ! "$fexp" check --data "$data" >"$work/lint.log" 2>&1; then
	echo "shipped data: fstests-expunge check finds problems:"
	grep -E 'error|warning' "$work/lint.log" | head -n 20
	fails=$((fails + 1))
fi
tail -n 1 "$work/lint.log" | sed 's/^/shipped data: lint: /'

if ! bash "$tool/tests/agree-xfstests-bld.sh" "$fexp" "$refdata/xfstests-bld" \
	"$work/xfstests-bld" "$data" "$top/dev/shipped-differences" \
	>"$work/xfstests-bld.log" 2>&1; then
	echo "shipped data runs tests xfstests-bld leaves out (add the reason" \
		"to dev/shipped-differences if meant):"
	head -n 30 "$work/xfstests-bld.log"
	fails=$((fails + 1))
fi
grep '^xfstests-bld agreement' "$work/xfstests-bld.log" |
	sed 's/^/shipped data: /'

for env in "" large-disk; do
	log=$work/kdevops${env:+-$env}.log
	if ! bash "$top/dev/check-kdevops.sh" "$fexp" "$refdata/kdevops" \
		"$work/kdevops${env:+-$env}" "$data" $env >"$log" 2>&1; then
		echo "shipped data runs tests kdevops leaves out${env:+ (--env $env)}:"
		if grep -qE '^(NOT COVERED|not covered)' "$log"; then
			grep -E '^(NOT COVERED|not covered)' "$log" | head -n 30
		else
			tail -n 5 "$log"	# it did not run to the end
		fi
		fails=$((fails + 1))
	fi
	grep '^kdevops agreement' "$log" | sed 's/^/shipped data: /'
done
exit $((fails > 0))
