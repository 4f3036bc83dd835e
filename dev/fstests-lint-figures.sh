#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lint of the shipped data against a real fstests tree (issue 29:
# "check --fstests clean on an fstests tree with and without git
# history"): check --fstests on a git clone of fstests, then on the same
# commit exported without its history (git archive, as a release tarball
# or a distribution package has it), where a test's old name is judged
# from the data's own record of the rename. Prints, for each, the
# summary line and its errors and warnings (test and message, counted),
# then how many lines of the tree without history name a test it lacks
# that the data records renamed or removed, and which tests. Exit status
# 1 if either has an error. The tree is not built: lint reads its tests.
#
# Usage: dev/fstests-lint-figures.sh FEXP DATA_DIR FSTESTS_GIT_TREE
set -u

if [ $# -ne 3 ] || [ ! -d "$3/.git" ]; then
	echo "usage: $0 FEXP DATA_DIR FSTESTS_GIT_TREE (a git clone)" >&2
	exit 2
fi
fexp=$1
data=$2
tree=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/nogit"
git -C "$tree" archive HEAD | tar -x -C "$tmp/nogit" || exit 2
rev=$(git -C "$tree" rev-parse --short=12 HEAD)
st=0
for t in "with git history:$tree" "without git history:$tmp/nogit"; do
	name=${t%%:*}
	"$fexp" check --data "$data" --fstests "${t#*:}" >"$tmp/out" 2>&1
	[ $? -le 1 ] || { cat "$tmp/out"; exit 2; }
	echo "fstests $rev, $name: $(tail -n 1 "$tmp/out")"
	grep -E ': (error|warning): ' "$tmp/out" |
		sed -E 's/^[^ ]+: (error|warning): /\1: /; s/[0-9a-f]{8,}/HASH/g' |
		sort | uniq -c | sed 's/^/  /'
	grep -q ': error: ' "$tmp/out" && st=1
done
"$fexp" check --data "$data" --fstests "$tmp/nogit" 2>&1 |
	sed -n 's/.*: note: \([^:]*\): not in .* has no git history.*/\1/p' >"$tmp/old"
echo "without git history, lines of a test the tree lacks that the data" \
	"records renamed or removed, taken as such: $(wc -l <"$tmp/old")" \
	"($(sort -u "$tmp/old" | tr '\n' ' ' | sed 's/ $//'))"
exit $st
