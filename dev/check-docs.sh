#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Our pages in the kernel's own Sphinx build: "make SPHINXDIRS=filesystems
# htmldocs" in a copy of KSRC's docs, first as it is, then with
# Documentation/filesystems/testing/ linked from filesystems/index.rst.
# Fails, naming them, on any warning the second build has and the first
# has not. KSRC itself is never written to.
#
# Usage: dev/check-docs.sh KSRC WORKDIR
set -u

ksrc=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
pages=$top/Documentation/filesystems/testing
mkdir -p "$2"
work=$(cd "$2" && pwd)
tree=$work/tree

# What the docs build reads and writes: copies, since it writes beside
# its sources (scripts/basic, Documentation/networking/netlink_spec).
copy_tree() {
	local a
	rm -rf "$tree" "$work"/out-* "$work"/base.warnings
	mkdir -p "$tree/tools/net" "$tree/arch"
	cp -a "$ksrc/Documentation" "$ksrc/scripts" "$ksrc/include" \
		"$ksrc/Makefile" "$ksrc/Kconfig" "$tree/" || return
	[ ! -e "$ksrc/Kbuild" ] || cp -a "$ksrc/Kbuild" "$tree/" || return
	[ ! -d "$ksrc/tools/net/ynl" ] || cp -a "$ksrc/tools/net/ynl" "$tree/tools/net/" || return
	cp -a "$ksrc/tools/scripts" "$tree/tools/" || return
	for a in "$ksrc"/arch/*/; do
		a=$(basename "$a")
		mkdir -p "$tree/arch/$a"
		cp "$ksrc/arch/$a"/Makefile* "$tree/arch/$a/" 2>/dev/null
	done
	echo "$ksrc" >"$tree/.copied-from"
}

# pristine: Documentation/filesystems as KSRC has it, without our pages
# even if the overlay was applied to KSRC
pristine() {
	rm -rf "$tree/Documentation/filesystems/testing"
	grep -v '^ *testing/index *$' "$ksrc/Documentation/filesystems/index.rst" \
		>"$tree/Documentation/filesystems/index.rst"
}

# with_pages: ours added and linked (what "make apply" does in a tree)
with_pages() {
	pristine
	cp -r "$pages" "$tree/Documentation/filesystems/testing"
	"$top/scripts/fstests-expunge-apply" -q -s docs-index "$tree" || return
	# Sphinx rereads what changed: make sure ours always are
	touch "$tree/Documentation/filesystems/testing"/*.rst
}

# sphinx OUT LOG: the build; its warnings, without the tree's path, in LOG
sphinx() {
	local out=$1 log=$2
	make -C "$tree" BUILDDIR="$out" SPHINXDIRS=filesystems htmldocs \
		>"$log.full" 2>&1 || { tail -n 20 "$log.full"; return 1; }
	grep -E 'WARNING|ERROR|CRITICAL|SEVERE' "$log.full" |
		sed "s|$tree/||g" | sort -u >"$log"
}

if [ "$(cat "$tree/.copied-from" 2>/dev/null)" != "$ksrc" ]; then
	echo "copying the docs of $ksrc"
	copy_tree || exit 1
fi

start=$(date +%s)
if [ ! -f "$work/base.warnings" ]; then
	pristine
	sphinx "$work/out-base" "$work/base.warnings.tmp" || exit 1
	mv "$work/base.warnings.tmp" "$work/base.warnings"
	# the build with our pages starts from this one: only ours are new
	rm -rf "$work/out-pages"
	cp -a "$work/out-base" "$work/out-pages"
fi
mid=$(date +%s)
with_pages
sphinx "$work/out-pages" "$work/pages.warnings"
rc=$?
pristine
[ $rc -eq 0 ] || exit 1
end=$(date +%s)

comm -13 "$work/base.warnings" "$work/pages.warnings" >"$work/new.warnings"
echo "without our pages: $(wc -l <"$work/base.warnings") warnings ($((mid - start)) s)"
echo "with our pages: $(wc -l <"$work/new.warnings") new ($((end - mid)) s)"
for p in "$pages"/*.rst; do
	p=$(basename "$p" .rst)
	[ -f "$work/out-pages/filesystems/testing/$p.html" ] ||
		{ echo "no HTML for $p.rst"; exit 1; }
done
if [ -s "$work/new.warnings" ]; then
	echo "new warnings:"
	cat "$work/new.warnings"
	exit 1
fi
