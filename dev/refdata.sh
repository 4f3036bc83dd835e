#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Are the other harnesses' real lists there, which four checks of make
# check need (the import against xfstests-bld's own selection, against
# what kdevops passes to check -E, the shipped data, and compaction)? DIR is
# $REFDATA, else ../shared/refdata beside this checkout. Exit 0 when they
# are. Else one line says what is missing and how to get it, and the
# exit status is 1 (skip those checks: a fresh clone has no ../shared),
# or 2 when CI is set or REFDATA named DIR: there the data must be.
#
# To get them (the commits the shipped data was imported from):
#   git clone https://github.com/tytso/xfstests-bld DIR/xfstests-bld
#   git -C DIR/xfstests-bld checkout 1ef4272387f9
#   git clone https://github.com/linux-kdevops/kdevops DIR/kdevops
#   git -C DIR/kdevops checkout 4b6bbb7ffbd4
#   cd DIR/kdevops && find workflows/fstests/expunges -type l \
#	-printf '%p\t%l\n' > SYMLINKS.tsv
#
# Usage: dev/refdata.sh DIR
set -u

dir=${1:?usage: $0 DIR}
missing=
for need in xfstests-bld/test-appliance/files/root/fs \
	    kdevops/workflows/fstests/expunges kdevops/SYMLINKS.tsv; do
	[ -e "$dir/$need" ] || missing="$missing${missing:+, }$need"
done
[ -n "$missing" ] || exit 0

why="the agreement checks with xfstests-bld and kdevops (4) need their"
why="$why real lists: $dir has no $missing; get them as the top of"
why="$why dev/refdata.sh says, or name them with REFDATA=DIR"
case ${CI:-} in
''|0|false) ;;
*)	echo "$why (CI is set: they must be there)"
	exit 2 ;;
esac
if [ -n "${REFDATA:-}" ]; then
	echo "$why (REFDATA names them: they must be there)"
	exit 2
fi
echo "$why"
exit 1
