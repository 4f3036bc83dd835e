#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Agreement with kdevops: for every stable kernel directory (x.y.z) of
# the real kdevops expunges tree and every section there, each test that
# kdevops itself would pass to "check -E" is left out by "exclude" (or
# retried by "flaky") for that release and section, from the data
# "import --from kdevops" made. kdevops' rule (PROVENANCE.md, and
# oscheck-lib.sh at that commit): the files all.txt, progs.txt and
# <section>.txt in diff/, unassigned/, assigned/ and their P0..P5/ of
# <kernel>/<fs>/ and of any/<fs>/ that exist (a "+" release falling back
# to the name without it). The tree is copied with its recorded links
# made real, so the importer meets real symbolic links too. A test left
# uncovered fails the check unless its list is one the importer reported
# as not imported.
#
# With DATA_DIR (the shipped data) that data is judged instead of an
# import. kdevops leaves out the tests of any/large-disk.txt and
# any/<fs>/large-disk.txt unless told the scratch device is large; with
# ENV "large-disk" the data is asked with --env large-disk and those
# lists are not expected.
#
# Usage: dev/check-kdevops.sh FSTESTS-EXPUNGE KDEVOPS-REFDATA WORKDIR
#        [DATA_DIR [ENV]]
set -eu

fexp=$1
ref=$2
work=$3
shipped=${4:-}
env=${5:-}
envarg=()
[ -z "$env" ] || envarg=(--env "$env")

if [ ! -d "$ref/workflows/fstests/expunges" ] || [ ! -f "$ref/SYMLINKS.tsv" ]; then
	echo "$ref: no kdevops expunges tree (set REFDATA to the reference data)" >&2
	exit 2
fi
rm -rf "$work"
mkdir -p "$work/tree" "$work/data" "$work/out"
cp -r "$ref/workflows" "$work/tree/"
chmod -R u+w "$work/tree"
while IFS=$'\t' read -r path target; do
	case $path in '#'*|'') continue ;; esac
	rm -f "$work/tree/$path"
	ln -s "$target" "$work/tree/$path"
done <"$ref/SYMLINKS.tsv"

if [ -n "$shipped" ]; then
	rmdir "$work/data" && ln -s "$(cd "$shipped" && pwd)" "$work/data"
	: >"$work/import.log"
else
	"$fexp" import --from kdevops "$work/tree" --write --data "$work/data" \
		2>"$work/import.log" >/dev/null
fi
# kdevops' kernels: debug XFS, fault injection, quota
printf 'CONFIG_XFS_DEBUG=y\nCONFIG_FAIL_MAKE_REQUEST=y\nCONFIG_XFS_QUOTA=y\n' \
	>"$work/config"
sed -n 's/: not imported: .*//p' "$work/import.log" |
	sed 's/:[0-9]*$//' >"$work/skipped"

exp=$work/tree/workflows/fstests/expunges
# the list files kdevops passes for fs and section at kernel dir k
lists() {
	local k=$1 fs=$2 s=$3 d c p n
	for d in "$exp/$k/$fs" "$exp/any/$fs"; do
		for c in diff unassigned assigned; do
			for p in "" P0/ P1/ P2/ P3/ P4/ P5/; do
				for n in all progs "$s"; do
					[ -f "$d/$c/$p$n.txt" ] &&
						echo "$d/$c/$p$n.txt"
				done
			done
		done
	done
	if [ "$env" != large-disk ]; then
		for d in "$exp/any" "$exp/any/$fs"; do
			[ -f "$d/large-disk.txt" ] && echo "$d/large-disk.txt"
		done
	fi
	return 0
}

dirs=0 cases=0
: >"$work/cases"
# one "exclude" and one "flaky" per kernel and filesystem, all sections
for k in $(ls "$exp" | grep -E '^[0-9]+\.[0-9]+\.[0-9]+\+?$'); do
	[ -d "$exp/$k" ] || continue
	dirs=$((dirs + 1))
	for fs in $(ls "$exp/$k"); do
		[ -d "$exp/$k/$fs" ] || continue
		# its sections, and one standing for a section with no list
		secs=$(for d in "$exp/$k/$fs" "$exp/any/$fs"; do
			find -L "$d/diff" "$d/unassigned" "$d/assigned" \
				-name '*.txt' 2>/dev/null
		done | sed 's|.*/||; s|\.txt$||' |
			grep -vx -e all -e progs | sort -u)
		secs="$secs kdevops_no_list"
		args=
		for s in $secs; do
			args="$args --section $s"
		done
		out=$work/out/$k/$fs
		mkdir -p "$out"
		"$fexp" exclude --data "$work/data" --release "$k" --fs "$fs" \
			--config "$work/config" "${envarg[@]}" $args \
			--outdir "$out"
		"$fexp" flaky --data "$work/data" --release "$k" --fs "$fs" \
			--config "$work/config" "${envarg[@]}" $args \
			>"$out/flaky"
		# one awk for each kind of file: a fork per section is too slow
		set --
		for s in $secs; do
			files=$(lists "$k" "$fs" "$s")
			[ -n "$files" ] || continue
			cases=$((cases + 1))
			set -- "$@" "c=$k $fs $s" $files
		done
		[ $# -gt 0 ] || continue
		awk -v c="$k $fs" '!/^#/ && NF {
				s = FILENAME
				sub(/.*\//, "", s)
				sub(/\.exclude$/, "", s)
				print c " " s "\tours\t" $1
			}' "$out"/*.exclude
		# flaky: one list, or one after each "# section S"
		awk -v c="$k $fs" -v only="$s" '
			/^# section / { s = $3; next }
			!/^#/ && NF { print c " " (s == "" ? only : s) "\tours\t" $1 }' \
			"$out/flaky"
		# after ours: the agreement reads the file once
		awk '{ sub(/#.*/, "") } NF { print c "\tkdevops\t" $1 "\t" FILENAME }' "$@"
	done >>"$work/cases"
done

# covered: a line of ours matches it as check -E does (^TEST\b)
awk -F '\t' -v skipped="$work/skipped" '
BEGIN {
	while ((getline line <skipped) > 0)
		skip[line] = 1
}
$2 == "ours" { ours[$1 SUBSEP $3] = 1; next }
{
	if (seen[$1 SUBSEP $3]++)
		next
	expected++
	t = $3
	for (i = length(t); i > 0; i--) {
		if (i < length(t) && substr(t, i + 1, 1) ~ /[A-Za-z0-9_]/)
			continue
		if (($1 SUBSEP substr(t, 1, i)) in ours) {
			covered++
			next
		}
	}
	for (p = $4; p ~ /\//; sub(/\/[^\/]*$/, "", p)) {
		if (p in skip) {
			explained++
			print "not covered, its list not imported: " \
				$1 ": " t " (" $4 ")"
			next
		}
	}
	uncovered++
	print "NOT COVERED: " $1 ": " t " from " $4
}
END {
	printf "kdevops agreement: %d tests kdevops passes to check -E, " \
		"%d covered, %d not covered but their lists reported as not " \
		"imported, %d not covered\n", expected, covered, explained, \
		uncovered
	exit uncovered > 0
}' "$work/cases" >"$work/agreement" || true
grep -v '^kdevops agreement' "$work/agreement" | head -n 50
echo "kdevops agreement${shipped:+ (shipped data)}${env:+ --env $env}:" \
	"$dirs stable kernel directories, $cases sections"
grep '^kdevops agreement' "$work/agreement"
echo "kdevops agreement: $(grep -c ': not imported: ' "$work/import.log")" \
	"paths or lines reported as not imported;" \
	"$(grep '^import: kdevops' "$work/import.log")"
! grep -q '^NOT COVERED' "$work/agreement"
