#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The tool's folders are layers, and one table in its Makefile says, for
# each folder, the folders its files may include besides its own: a row
# "USES.FOLDER := FOLDER...", the rows from the top layer down. A row
# names only folders whose rows come after it (so the table has no
# cycle), every folder of sources has a row, and every #include of a
# project header names it by its folder and goes to its own folder or
# one its row names. No file outside cmd/ includes a command header but
# main.c, which stands above every layer. Tests and fuzz targets may
# include any layer's header, but no command header. Each include or row
# that breaks a rule is named with its file and line.
#
# Usage: dev/check-layers.sh TOOL_DIR
set -u

tool=${1:?usage: $0 TOOL_DIR}
cd "$tool" || exit 2

# The table: "LINE FOLDER USED..." a row, in the Makefile's order, the
# rows' continuation lines joined.
table=$(awk '
	cont { row = row " " $0; sub(/\\$/, "", row); cont = /\\$/
	       if (!cont) print row; next }
	/^USES\.[a-z]+[ \t]*:=/ { row = $0; sub(/\\$/, "", row); cont = /\\$/
	       sub(/^USES\./, NR " ", row); sub(/[ \t]*:=/, "", row)
	       if (!cont) print row }' Makefile)
[ -n "$table" ] || { echo "$tool/Makefile: no USES.FOLDER rows" >&2; exit 2; }
declare -A row_of uses
i=0
while read -r line folder used; do
	row_of[$folder]=$i
	uses[$folder]=" $used "
	i=$((i + 1))
done <<<"$table"

bad=0
files=0
includes=0
# A row names only the folders of rows after its own
while read -r line folder used; do
	for u in $used; do
		if [ -z "${row_of[$u]:-}" ]; then
			echo "Makefile:$line: USES.$folder names $u, which has no row"
			bad=$((bad + 1))
		elif [ "${row_of[$u]}" -le "${row_of[$folder]}" ]; then
			echo "Makefile:$line: USES.$folder names $u, whose row is not below it"
			bad=$((bad + 1))
		fi
	done
done <<<"$table"

while IFS= read -r f; do
	files=$((files + 1))
	dir=${f%%/*}
	[ "$dir" = "$f" ] && dir=.
	case $dir in
	.)	[ "$f" = main.c ] || { echo "$f: a file at the top (only main.c may be)"; bad=$((bad + 1)); }
		mine=top ;;
	tests|fuzz) mine="test" ;;
	*)	mine=$dir
		[ -n "${row_of[$dir]:-}" ] || { echo "$f: folder $dir has no row (USES.$dir in the Makefile)"; bad=$((bad + 1)); continue; } ;;
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
		elif [ -z "${row_of[$to]:-}" ]; then
			echo "$f:$line: #include \"$inc\": folder $to has no row"
			bad=$((bad + 1))
		elif [ "$to" = cmd ] && [ "$dir" != cmd ] && [ "$f" != main.c ]; then
			echo "$f:$line: #include \"$inc\": a command header outside cmd/"
			bad=$((bad + 1))
		elif [ "$mine" != test ] && [ "$mine" != top ] &&
			[ "$to" != "$dir" ] && [[ ${uses[$dir]} != *" $to "* ]]; then
			echo "$f:$line: #include \"$inc\": $dir/ may not include $to/ (USES.$dir)"
			bad=$((bad + 1))
		fi
	done < <(awk 'match($0, /^#[ \t]*include[ \t]*"[^"]*"/) {
			s = substr($0, RSTART, RLENGTH); sub(/^[^"]*"/, "", s)
			sub(/"$/, "", s); print FNR ":" s }' "$f")
done < <(find . -path ./tests/fixtures -prune -o -name '*.[ch]' -print |
	 sed 's|^\./||' | LC_ALL=C sort)

edges=0
while read -r line folder used; do
	set -- $used
	edges=$((edges + $#))
done <<<"$table"
echo "layers: ${#row_of[@]} folders, $edges uses in the table, $files files, $includes project includes, $bad outside the rules"
[ "$bad" -eq 0 ]
