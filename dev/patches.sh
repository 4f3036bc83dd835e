#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Write the overlay as a patch series against a kernel tree, one logical
# change per patch, as "git format-patch" does: the tool (with its tests),
# its tools/Makefile hook, its documentation, the maintainer scripts, then
# one patch per filesystem's data. Every patch that adds files also adds their
# MAINTAINERS lines, so checkpatch finds MAINTAINERS up to date in each.
#
# The series is made in a scratch git repository that holds only the
# tree's files it modifies (MAINTAINERS, tools/Makefile,
# Documentation/filesystems/index.rst): their blobs are the tree's, so
# "git am" applies the series to the whole tree. Dates and authorship come
# from the overlay's last commit, so the same overlay gives the same series.
#
# Usage: dev/patches.sh KSRC OUTDIR
set -eu

ksrc=$1
out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
apply=$top/scripts/fstests-expunge-apply
tool=tools/testing/fstests-expunge
docs=Documentation/filesystems/testing
edited="MAINTAINERS tools/Makefile Documentation/filesystems/index.rst"

work=$(mktemp -d "${TMPDIR:-/tmp}/fstests-expunge-patches.XXXXXX")
trap 'rm -rf "$work"' EXIT
repo=$work/tree

name=$(git -C "$top" config user.name || git -C "$top" log -1 --format=%an)
email=$(git -C "$top" config user.email || git -C "$top" log -1 --format=%ae)
date=$(git -C "$top" log -1 --format=%ad --date=raw)
export GIT_AUTHOR_NAME=$name GIT_COMMITTER_NAME=$name
export GIT_AUTHOR_EMAIL=$email GIT_COMMITTER_EMAIL=$email
export GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

git init -q "$repo"
for f in $edited; do
	[ -f "$ksrc/$f" ] || { echo "$ksrc/$f: missing" >&2; exit 2; }
	mkdir -p "$repo/$(dirname "$f")"
	cp "$ksrc/$f" "$repo/$f"
done
git -C "$repo" add -A
git -C "$repo" commit -q -m "the tree's files the series changes"
git -C "$repo" tag base
if "$apply" --check -q "$repo"; then
	echo "$ksrc: already has the overlay" >&2
	exit 1
fi

"$apply" --list >"$work/all"

# commit FILE_LIST SUBJECT BODY [APPLY_OPTIONS...]: apply those files (and
# the steps asked for) and commit them as one patch. Nothing to add is no
# patch.
commit() {
	local list=$1 subject=$2 body=$3
	shift 3
	if [ -n "$list" ] && [ ! -s "$list" ]; then
		return 0
	fi
	"$apply" -q ${list:+--files-from "$list"} "$@" "$repo"
	git -C "$repo" add -A
	printf '%s\n\n%s\n' "$subject" "$body" |
		fold -s -w 72 | sed 's/ *$//' >"$work/msg"
	git -C "$repo" commit -q -s -F "$work/msg"
}

grep "^$tool/" "$work/all" |
	grep -v "^$tool/data/.*\.expunge$" >"$work/tool" || true
grep -xE "$tool/data/(eol/)?global\.expunge" "$work/all" >>"$work/tool" || true
commit "$work/tool" "fstests-expunge: add a tool for fstests known failures" \
"Everyone who runs fstests keeps private lists of the tests that are known \
to fail, or must not run, for each filesystem, section, kernel version and \
configuration, and compares result files by hand. Kept in the kernel tree, \
such lists travel with the fixes: a stable backport carries the data change \
that goes with it.

fstests-expunge reads these lists from data/*.expunge (one entry per line, \
so a backport changes exactly its lines), finds the kernel it is asked \
about (running, build directory, vmlinux or release and config), writes \
fstests exclude files for 'check -E', compares fstests result.xml runs \
with the data and a baseline, lists the flaky tests and lints the data. \
Kconfig conditions are evaluated with the tree's own kconfig code.

data/global.expunge holds the entries that hold for every filesystem \
(data/eol/global.expunge those for kernels out of maintenance). \
The unit tests use the kselftest harness; 'make check' runs them and \
lints the data." \
	--step files --step maintainers

commit "" "fstests-expunge: build it from tools/Makefile" \
"Let 'make -C tools fstests-expunge' (and _install, _clean, all, install \
and clean) build it like the other tools, with O= support." \
	--step tools-makefile

grep "^$docs/" "$work/all" >"$work/docs" || true
commit "$work/docs" "fstests-expunge: document it" \
"Add Documentation/filesystems/testing/: how to use fstests-expunge, the \
format of its data and how to maintain the data on stable and \
distribution branches. Link it from the filesystems index." \
	--step files --step maintainers --step docs-index

grep '^scripts/' "$work/all" >"$work/scripts" || true
commit "$work/scripts" "fstests-expunge: add scripts for maintainers" \
"Add the maintainer helpers of fstests-expunge under scripts/: bringing \
the tool into a tree (or an older branch) and keeping the data in step \
with the backports of a stable branch." \
	--step files --step maintainers

for f in $(grep "^$tool/data/.*\.expunge$" "$work/all" |
	   grep -v '/global\.expunge$'); do
	fs=$(basename "$f" .expunge)
	what=$fs; case $f in */eol/*) what="$fs out-of-maintenance" ;; esac
	entry=$(awk -v f="F:	$f" '/^#/ { next } /^$/ { name = "" }
		!name && NF { name = $0 } $0 == f { print name; exit }' \
		"$top/MAINTAINERS.fstests-expunge")
	printf '%s\n' "$f" >"$work/one"
	commit "$work/one" "fstests-expunge: add known $what failures" \
"Add the fstests tests known to fail, to be flaky or not to be run on \
$fs, with the kernels and configurations they apply to. Route the file \
to the $entry entry, so that changes to it reach the $fs \
maintainers." \
		--step files --step maintainers
done

if ! "$apply" --check -q "$repo"; then
	echo "the series does not cover the whole overlay:" >&2
	"$apply" --check "$repo" >&2
	exit 1
fi

mkdir -p "$out"
rm -f "$out"/[0-9][0-9][0-9][0-9]-*.patch
git -C "$repo" format-patch -q -o "$(cd "$out" && pwd)" base..HEAD
ls "$out"/[0-9][0-9][0-9][0-9]-*.patch
