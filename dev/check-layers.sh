#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The tool's folders are layers (LAYERS in its Makefile, from the top
# down): every #include of a project header names it by its folder and
# goes to the same or a lower layer; no file outside cmd/ includes a
# command header, but main.c, which stands above every layer. Tests and
# fuzz targets may include any layer's header, but no command header.
# Each include that breaks a rule is named with its file and line.
#
# Usage: dev/check-layers.sh TOOL_DIR
set -u

tool=${1:?usage: $0 TOOL_DIR}
cd "$tool" || exit 2
layers=$(sed -n 's/^LAYERS := //p' Makefile)
[ -n "$layers" ] || { echo "$tool/Makefile: no LAYERS line" >&2; exit 2; }

# The rank of a folder: 0 for the top layer; none for other folders.
rank() {
	local i=0 l
	for l in $layers; do
		[ "$l" = "$1" ] && { echo $i; return; }
		i=$((i + 1))
	done
}

bad=0
files=0
includes=0
while IFS= read -r f; do
	files=$((files + 1))
	dir=${f%%/*}
	[ "$dir" = "$f" ] && dir=.
	case $dir in
	.)	[ "$f" = main.c ] || { echo "$f: a file at the top (only main.c may be)"; bad=$((bad + 1)); }
		mine=-1 ;;
	tests|fuzz) mine=test ;;
	*)	mine=$(rank "$dir")
		[ -n "$mine" ] || { echo "$f: folder $dir is not in LAYERS"; bad=$((bad + 1)); continue; } ;;
	esac
	while IFS=: read -r line inc; do
		includes=$((includes + 1))
		# a test's own helpers beside it, the kselftest harness, and
		# kconfig's header (-I kconfig): from the kernel tree
		if [ "$mine" = test ] && { [ -e "tests/$inc" ] ||
			[ "$inc" = kselftest_harness.h ]; }; then
			continue
		fi
		[ "$inc" = lkc.h ] && [ "$f" = kernel/kconfig-child.c ] && continue
		to=${inc%%/*}
		if [ "$to" = "$inc" ] || [ ! -f "$inc" ]; then
			echo "$f:$line: #include \"$inc\": not a project header named by its folder"
			bad=$((bad + 1))
			continue
		fi
		theirs=$(rank "$to")
		if [ -z "$theirs" ]; then
			echo "$f:$line: #include \"$inc\": folder $to is not a layer"
			bad=$((bad + 1))
		elif [ "$to" = cmd ] && [ "$dir" != cmd ] && [ "$f" != main.c ]; then
			echo "$f:$line: #include \"$inc\": a command header outside cmd/"
			bad=$((bad + 1))
		elif [ "$mine" != test ] && [ "$theirs" -lt "$mine" ]; then
			echo "$f:$line: #include \"$inc\": $to/ is above $dir/"
			bad=$((bad + 1))
		fi
	done < <(awk 'match($0, /^#[ \t]*include[ \t]*"[^"]*"/) {
			s = substr($0, RSTART, RLENGTH); sub(/^[^"]*"/, "", s)
			sub(/"$/, "", s); print FNR ":" s }' "$f")
done < <(find . -path ./tests/fixtures -prune -o -name '*.[ch]' -print |
	 sed 's|^\./||' | LC_ALL=C sort)

echo "layers: $files files, $includes project includes, $bad outside the rules"
[ "$bad" -eq 0 ]
