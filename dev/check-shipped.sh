#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The shipped data holds every entry the importers make from the real
# lists (xfstests-bld's and kdevops'), as the tool reads both ("entries"):
# the same test, kind and conditions; comments may be reworded. What the
# shipped data deliberately does differently is listed below, each with
# the fstests commit that is the reason.
#
# Usage: dev/check-shipped.sh FSTESTS_EXPUNGE DATA_DIR REFDATA WORK_DIR
set -u

fexp=$1
data=$2
refdata=$3
work=$4
bld=$refdata/xfstests-bld
fsdir=$bld/test-appliance/files/root/fs

# Tests fstests renamed: the shipped data uses the current name
renamed='{
	"shared/002": "generic/745",
	"shared/298": "generic/746"
}'
# fstests f0ab9e59 (shared/298) and eca6509a (shared/002), 2024-05-10.
# Tests fstests removed: their entries would hit nothing, or another test
# given the same number later.
removed='[
	"generic/471",
	"xfs/539"
]'
# generic/471: removed by fstests fd94fc40 (2023-08-14); the number was
# given to a new test by 68b958f5 (2023-09-21). xfs/539: removed by
# fstests c3b7b057 (2025-09-25).

[ -d "$fsdir" ] && [ -d "$refdata/kdevops" ] ||
	{ echo "$refdata: no xfstests-bld or kdevops lists" >&2; exit 2; }
rm -rf "$work"
mkdir -p "$work/imported"

fs=()
for f in "$data"/*.expunge; do
	name=$(basename "$f" .expunge)
	[ "$name" = global ] || [ -d "$fsdir/$name" ] && fs+=(--fs "$name")
done
"$fexp" import --from xfstests-bld "$bld" "${fs[@]}" --write \
	--data "$work/imported" 2>"$work/bld.log" ||
	{ cat "$work/bld.log"; exit 1; }
"$fexp" import --from kdevops "$refdata/kdevops" --write \
	--data "$work/imported" 2>"$work/kdevops.log" ||
	{ cat "$work/kdevops.log"; exit 1; }

# keys FILE...: each entry's file, test, kind and conditions, one a line
keys() {
	"$fexp" entries "$@" |
	jq -c --argjson ren "$renamed" --argjson rm "$removed" '
		select(.test as $t | $rm | index($t) | not) |
		.test = ($ren[.test] // .test) |
		del(.line, .reason)' | sort -u
}
keys "$work"/imported/*.expunge >"$work/imported.keys" || exit 2
keys "$data"/*.expunge >"$work/shipped.keys" || exit 2
comm -23 "$work/imported.keys" "$work/shipped.keys" >"$work/missing.keys"
if [ -s "$work/missing.keys" ]; then
	echo "data/ lacks $(wc -l <"$work/missing.keys") imported entries:"
	head -20 "$work/missing.keys"
	exit 1
fi
echo "shipped data: $(wc -l <"$work/shipped.keys") entries in" \
	"$(ls "$data"/*.expunge | wc -l) files hold all" \
	"$(wc -l <"$work/imported.keys") imported ones"
