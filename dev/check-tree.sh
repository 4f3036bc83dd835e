#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The overlay in a real kernel tree: apply it to a scratch copy of KTREE
# (symlinks to the untouched parts, so KTREE itself is never written),
# apply it again (nothing may change), compare with the patch series
# applied instead, then build and test there as a kernel developer would:
# make -C tools/testing/fstests-expunge, make -C tools fstests-expunge,
# O= builds, the unit tests; get_maintainer.pl for the data files;
# checkpatch on the MAINTAINERS change and on every patch of the series
# (in tree mode, with the tree's own checkpatch, as a maintainer runs it:
# --strict is for our C files, checked one by one by dev/check.sh, and in a
# patch it calls libxml2's names CamelCase; the bare MAINTAINERS diff has
# no commit message or Signed-off-by to check).
# Prints "ok - ..." or "not ok - ..." per check, with the time it took.
#
# Also the kernel's Sphinx build with our pages (dev/check-docs.sh), unless
# --no-docs (dev/check.sh does that one for KSRC).
#
# Usage: dev/check-tree.sh KTREE WORKDIR [--no-docs]
set -u

ktree=$(cd "$1" && pwd)
mkdir -p "$2" && work=$(cd "$2" && pwd) || exit 2
top=$(cd "$(dirname "$0")/.." && pwd)
tool=tools/testing/fstests-expunge
apply=$top/scripts/fstests-expunge-apply
ver=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$ktree/Makefile" |
      paste -sd.)
src=$work/src
log=$work/logs
# Directories the overlay writes into: real directories in the copy
writable="tools tools/testing scripts Documentation Documentation/filesystems"
edited="MAINTAINERS tools/Makefile Documentation/filesystems/index.rst"

rm -rf "$work"
mkdir -p "$log"
. "$top/dev/lib.sh"
step_prefix="$ver: "

# shadow SRC DST: DST mirrors SRC by symlinks, except that the writable
# directories are real (their other entries symlinks again). The apply
# script replaces files by rename, so an edited symlink stays in DST.
shadow() {
	local from=$1 to=$2 d e rel
	for d in "" $writable; do
		mkdir -p "$to/$d"
		for e in "$from${d:+/$d}"/* "$from${d:+/$d}"/.[!.]*; do
			[ -e "$e" ] || continue
			rel=${d:+$d/}${e##*/}
			case " $writable " in *" $rel "*) continue ;; esac
			ln -s "$e" "$to/$rel"
		done
	done
	# get_maintainer.pl and checkpatch.pl want a whole tree's top level
	for e in CREDITS README; do
		[ -e "$to/$e" ] || : >"$to/$e"
	done
	for e in drivers fs init ipc kernel lib arch include; do
		[ -e "$to/$e" ] || mkdir "$to/$e"
	done
}

# Files that apply wrote into the copy, and the edited files, by content
snapshot() {
	(cd "$src" && find $tool Documentation/filesystems/testing scripts \
		-type f ! -name '*.o' | LC_ALL=C sort | xargs sha1sum &&
		sha1sum $edited)
}

apply_twice() {
	local stamp=$work/stamp
	snapshot >"$work/sum1" && : >"$stamp" && sleep 1 &&
	"$apply" "$src" && snapshot >"$work/sum2" &&
	diff "$work/sum1" "$work/sum2" &&
	[ -z "$(find "$src" -newer "$stamp" -print -quit)" ] &&
	"$apply" --check "$src"
}

# The series applied with git apply gives the same files as the script
series_same() {
	local s2=$work/src-series f
	shadow "$ktree" "$s2"
	for f in $edited; do
		rm "$s2/$f" && cp "$ktree/$f" "$s2/$f"
	done
	# Outside any repository: inside one, git apply skips paths not below
	# the current directory of that repository, silently.
	(cd "$s2" && GIT_CEILING_DIRECTORIES=$work git apply \
		--whitespace=error-all "$work"/patches/*.patch) &&
	for f in $edited $("$apply" --list); do
		cmp "$src/$f" "$s2/$f" || return 1
	done
}

# one checkpatch per CPU (the longest step of all); each patch's report
# is kept apart and said in the series' order
checkpatch_each() {
	local p out=$work/checkpatch rc=0
	rm -rf "$out" && mkdir -p "$out" || return 1
	(cd "$src" && printf '%s\0' "$work"/patches/*.patch |
		xargs -0 -n 1 -P "$(nproc)" sh -c \
		'perl scripts/checkpatch.pl -q "$1" >"$0/${1##*/}" 2>&1 ||
		 : >"$0/${1##*/}.failed"' "$out")
	for p in "$work"/patches/*.patch; do
		p=${p##*/}
		echo "== $p"
		cat "$out/$p" || rc=1
		[ ! -e "$out/$p.failed" ] || rc=1
	done
	return $rc
}

checkpatch_maintainers() {
	diff -u --label a/MAINTAINERS --label b/MAINTAINERS \
		"$ktree/MAINTAINERS" "$src/MAINTAINERS" >"$work/maintainers.diff"
	[ $? -eq 1 ] &&
	(cd "$src" && perl scripts/checkpatch.pl --strict -q --no-signoff \
		--ignore COMMIT_MESSAGE "$work/maintainers.diff")
}

# get_maintainer.pl -f DATAFILE names each address given
names() {
	local f=$1 out
	shift
	out=$(cd "$src" && perl scripts/get_maintainer.pl --nogit \
		--nogit-fallback -f "$tool/data/$f") || return 1
	printf '%s\n' "$out"
	for m in "$@"; do
		# a person is <addr>; a list (an orphaned entry's) "addr (open list...)"
		printf '%s\n' "$out" | grep -qF -e "<$m>" -e "$m (" ||
			{ echo "$f: $m missing"; return 1; }
	done
}

# Every data/<fs>.expunge but global's names the first M: of its entry, or
# for an entry without maintainers (Orphan, Obsolete) its first L: list
all_routed() {
	local f fs entry m
	for f in "$src/$tool"/data/*.expunge; do
		fs=$(basename "$f" .expunge)
		[ "$fs" = global ] && continue
		entry=$(awk -v f="F:	$tool/data/$fs.expunge" '/^$/ { e = "" }
			!e && NF { e = $0 } $0 == f { print e; exit }' \
			"$src/MAINTAINERS")
		[ -n "$entry" ] || { echo "$fs: not routed"; return 1; }
		m=$(awk -v e="$entry" '$0 == e { p = 1; next } p && !NF { exit }
			p && /^M:/ && m == "" { sub(/.*</, ""); sub(/>.*/, ""); m = $0 }
			p && /^L:/ && l == "" { l = $2 }
			END { print m != "" ? m : l }' "$src/MAINTAINERS")
		[ -n "$m" ] || { echo "$fs: $entry has no M: or L:"; return 1; }
		names "$fs.expunge" "$m" || return 1
	done
}

# tools/Makefile: the tool in help, all, install and clean
tools_lists() {
	local db
	make -C "$src/tools" help | grep -q '^  fstests-expunge  ' || return 1
	db=$(make -C "$src/tools" -p help) || return 1
	printf '%s\n' "$db" | grep -Eq '^all:.* fstests-expunge( |$)' &&
	printf '%s\n' "$db" | grep -Eq '^install:.* fstests-expunge_install( |$)' &&
	printf '%s\n' "$db" | grep -Eq '^clean:.* fstests-expunge_clean( |$)'
}

intree_build() {
	make -C "$src/$tool" &&
	"$src/$tool/fstests-expunge" check &&
	make -C "$src/$tool" clean &&
	[ ! -e "$src/$tool/fstests-expunge" ]
}

tools_build() {
	make -C "$src/tools" fstests-expunge &&
	"$src/$tool/fstests-expunge" check &&
	make -C "$src/tools" fstests-expunge_clean &&
	[ ! -e "$src/$tool/fstests-expunge" ]
}

# O= through tools/Makefile, then the test suite in the same output
tools_o_build() {
	local o=$work/out
	mkdir -p "$o" &&
	make -C "$src/tools" O="$o" fstests-expunge &&
	"$o/testing/fstests-expunge/fstests-expunge" check \
		--data "$src/$tool/data" &&
	make -C "$src/tools" O="$o" DESTDIR="$work/inst" prefix=/usr \
		fstests-expunge_install &&
	[ -x "$work/inst/usr/bin/fstests-expunge" ]
}

unit_tests() {
	make -C "$src/$tool" O="$work/out/testing/fstests-expunge" check
}

shadow "$ktree" "$src"
step "apply the overlay" "$apply" "$src"
step "applying twice changes nothing" apply_twice
step "patch series (dev/patches.sh)" \
	bash "$top/dev/patches.sh" "$ktree" "$work/patches"
step "the series gives the same tree as the script" series_same
step "checkpatch on each patch" checkpatch_each
step "checkpatch --strict on the MAINTAINERS change" checkpatch_maintainers
step "get_maintainer: ext4 data to the ext4 maintainers" \
	names ext4.expunge tytso@mit.edu adilger.kernel@dilger.ca
step "get_maintainer: xfs data to the xfs maintainers" \
	names xfs.expunge djwong@kernel.org
step "get_maintainer: btrfs data to the btrfs maintainers" \
	names btrfs.expunge clm@fb.com josef@toxicpanda.com dsterba@suse.com
step "get_maintainer: every data file to its filesystem" all_routed
step "tools/Makefile: help, all, install and clean list it" tools_lists
step "make -C $tool" intree_build
step "make -C tools fstests-expunge (and _clean)" tools_build
step "make -C tools O=... fstests-expunge (and _install)" tools_o_build
step "make -C $tool O=... check (unit tests)" unit_tests
[ "${3:-}" = --no-docs ] ||
	step "sphinx: our pages add no warning to filesystems htmldocs" \
		bash "$top/dev/check-docs.sh" "$ktree" "$work/docs"
