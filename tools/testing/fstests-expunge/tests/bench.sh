#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark "compare" against its floor (grep -c '<testcase', a byte
# scan), xmllint --stream --noout and, where XFSTESTS_BLD names an
# xfstests-bld checkout, its gen_results_summary (the peer), over corpora
# made from the real result.xml fixtures: "markup", whole fstests runs
# with few logs, and "logs", runs whose failures carry logs of megabytes
# in CDATA. Then compare's peak RSS at SIZE_MB and LARGE_MB (it must not
# grow with the corpus), its time over BENCH_MANY small files a side and
# four times as many (it must grow no faster than the files), and exclude
# over 14,000 entries. Each figure is
# printed with its target; the corpora are removed at the end. Where
# BENCH_BEFORE names another build of fstests-expunge, it is measured in
# the same run, for a before and after.
#
# Usage: bench.sh FSTESTS_EXPUNGE WORKDIR [SIZE_MB [LARGE_MB]]
set -eu

fexp=$1
work=$2/bench
size=${3:-100}
large=${4:-300}
here=$(cd "$(dirname "$0")" && pwd)
fix=$here/fixtures/compare
data=$fix/data
missed=0

# One fixture, turned into run $2 of host $3: a few passes become
# failures; with logs (odd $4), each with a log of 64 KiB to 4 MiB.
make_run() {
	awk -v seed="$2" -v host="$3" -v logs="$4" '
	BEGIN {
		srand(seed)
		line = "meta-data=/dev/loop5 isize=512 agcount=4, agsize=1310720 blks\n" \
		       "seed = 1769591062 op=write offset=0x3c000 len=0x1000 ok\n" \
		       "[ 4417.302118] XFS (loop5): Mounting V5 Filesystem in progress\n"
		while (length(blk) < 65536)
			blk = blk line
	}
	/<testcase / && !held { held = $0; next }
	held {
		if ($0 ~ /^\t<\/testcase>/ && rand() < 0.0015) {
			print held
			printf "\t\t<failure message=\"- output mismatch " \
			       "(see %s.out.bad)\" type=\"TestFail\" />\n", host
			print "\t\t<system-out>\n<![CDATA["
			n = logs ? 1 + int(rand() * 64) : 0
			for (i = 0; i < n; i++)
				printf "%s", blk
			print "]]>\n\t\t</system-out>\n\t\t<system-err>\n<![CDATA["
			print "--- tests/generic/001.out\n+++ results/generic/001.out.bad"
			print "@@ -1,2 +1,3 @@\n QA output created by 001\n+unexpected output"
			print "]]>\n\t\t</system-err>"
		} else {
			print held
		}
		held = ""
		if ($0 ~ /<testcase /) { held = $0; next }
	}
	{ print }' "$1"
}

# corpus DIR KIND MB: hosts of runs (even ones the baseline, odd ones the
# results), from host $first on, until DIR holds MB megabytes
corpus() {
	bytes=0
	[ -d "$1" ] && bytes=$(du -sb "$1" | cut -f1)
	logs=0
	[ "$2" = logs ] && logs=1
	while [ "$bytes" -lt $(($3 << 20)) ]; do
		side=run
		[ $((first % 2)) = 0 ] && side=base
		for f in "$fix"/kdevops/*/*/*/result.xml; do
			# an unfinished run (time=""): the peer cannot total it
			grep -q ' time=""' "$f" && continue
			rel=${f#"$fix"/kdevops/}
			out=$1/$side/host-$first/${rel%/result.xml}
			mkdir -p "$out"
			make_run "$f" $((first * 7 + ${#rel})) "host-$first" $logs \
				> "$out/result.xml"
			bytes=$((bytes + $(wc -c < "$out/result.xml")))
		done
		first=$((first + 1))
	done
}

# best wall seconds of three and the peak RSS in MB of a command, the
# page cache warm; its output goes to a file (GNU grep stops at the
# first match when it writes to /dev/null)
measure() {
	best=
	rss=0
	for i in 1 2 3; do
		t0=$(date +%s%N)
		/usr/bin/time -f '%M' -o "$work/time" "$@" > "$work/out" 2>&1 || true
		t1=$(date +%s%N)
		m=$(tail -n 1 "$work/time")
		t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
		best=$(awk -v a="${best:-1e9}" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
		[ "$m" -gt "$rss" ] && rss=$m
	done
	echo "$best $((rss / 1024))"
}

# say NAME SECONDS RSS: one line of figures
say() {
	printf '  %-34s %7.2f s  %5d MB\n' "$1" "$2" "$3"
}

# say_before FSTESTS_EXPUNGE ARGS...: the same with BENCH_BEFORE, if set
say_before() {
	[ -n "${BENCH_BEFORE:-}" ] || return 0
	shift
	read -r bt brss <<-EOF
	$(measure "$BENCH_BEFORE" "$@")
	EOF
	say "compare before (BENCH_BEFORE)" "$bt" "$brss"
}

# target WHAT OK: the verdict on a target
target() {
	if [ "$2" = 1 ]; then
		echo "  ok: $1"
	else
		echo "  MISSED: $1"
		missed=$((missed + 1))
	fi
}

peer=
if [ -n "${XFSTESTS_BLD:-}" ]; then
	peer=$XFSTESTS_BLD/test-appliance/files/usr/local/bin/gen_results_summary
	[ -f "$peer" ] || { echo "XFSTESTS_BLD: no $peer" >&2; exit 2; }
	peerlib=$XFSTESTS_BLD/test-appliance/files/usr/lib/python3/dist-packages
fi

# run_peer DIR: gen_results_summary reads results.xml files: links
run_peer() {
	rm -rf "$work/peer"
	for f in $(find "$1" -name result.xml); do
		d=$work/peer/${f#"$1"/}
		mkdir -p "${d%/result.xml}"
		ln -s "$f" "${d%/result.xml}/results.xml"
	done
	fig=$(measure env PYTHONPATH="$peerlib" python3 "$peer" "$work/peer")
	if grep -q '^Totals: ' "$work/out"; then
		echo "$fig"
	else
		echo "  gen_results_summary failed: $(tail -n 1 "$work/out")" >&2
	fi
}

rm -rf "$work"
mkdir -p "$work"
for kind in markup logs; do
	dir=$work/$kind
	first=0
	corpus "$dir" $kind "$size"
	files=$(find "$dir" -name result.xml | sort)
	cat $files > /dev/null
	echo "corpus \"$kind\": $(echo "$files" | wc -l) files," \
	     "$(cat $files | grep -c '<testcase ') testcases, $(du -sm "$dir" | cut -f1) MB"
	set -- "$fexp" compare --data "$data" --baseline "$dir/base" "$dir/run"
	read -r ct crss <<-EOF
	$(measure "$@")
	EOF
	read -r c1 c1rss <<-EOF
	$(measure env FSTESTS_EXPUNGE_JOBS=1 "$@")
	EOF
	read -r gt grss <<-EOF
	$(measure grep -c '<testcase' $files)
	EOF
	read -r xt xrss <<-EOF
	$(measure xmllint --stream --noout $files)
	EOF
	say "compare ($(getconf _NPROCESSORS_ONLN) readers)" "$ct" "$crss"
	say "compare (1 reader)" "$c1" "$c1rss"
	say_before "$@"
	say "grep -c '<testcase' (the floor)" "$gt" "$grss"
	say "xmllint --stream --noout" "$xt" "$xrss"
	r=$(awk -v c="$ct" -v g="$gt" 'BEGIN { printf "%.1f", c / (g > 0 ? g : 0.01) }')
	target "compare / grep: ${r}x (at most 5x)" \
		"$(awk -v r="$r" 'BEGIN { print (r <= 5) }')"
	if [ -n "$peer" ]; then
		read -r pt prss <<-EOF
		$(run_peer "$dir")
		EOF
		[ -n "$pt" ] || { missed=$((missed + 1)); continue; }
		say "gen_results_summary (xfstests-bld)" "$pt" "$prss"
		r=$(awk -v c="$ct" -v p="$pt" 'BEGIN { printf "%.0f", p / (c > 0 ? c : 0.01) }')
		target "the peer / compare: ${r}x (at least 30x)" \
			"$(awk -v r="$r" 'BEGIN { print (r >= 30) }')"
	else
		echo "  gen_results_summary: XFSTESTS_BLD not set, the peer not measured"
	fi
done

# peak RSS as the corpus grows: the "logs" corpus at SIZE_MB, then more
# runs up to LARGE_MB
dir=$work/logs
corpus "$dir" logs "$large"
set -- "$fexp" compare --data "$data" --baseline "$dir/base" "$dir/run"
read -r lt lrss <<-EOF
$(measure "$@")
EOF
say "compare, $(du -sm "$dir" | cut -f1) MB" "$lt" "$lrss"
target "peak RSS ${crss} MB at ${size} MB, ${lrss} MB at ${large} MB (under 64 MB, flat)" \
	"$(awk -v a="$crss" -v b="$lrss" 'BEGIN { print (a < 64 && b < 64 && b <= a * 1.25 + 2) }')"
rm -rf "$work/markup" "$work/logs" "$work/peer"

# many small files, each a run of its own, as an archive of years of
# runs has them: compare's time must grow with the files, not faster
# (MANY files a side, then four times as many)
many_runs() {
	mkdir -p "$1/base" "$1/run"
	seq "$2" "$(($3 - 1))" | sed "s|^|$1/base/r|" | xargs mkdir -p
	seq "$2" "$(($3 - 1))" | sed "s|^|$1/run/r|" | xargs mkdir -p
	awk -v dir="$1" -v from="$2" -v to="$3" -v fix="$4" 'BEGIN {
		while ((getline line < fix) > 0)
			xml = xml line "\n"
		for (i = from; i < to; i++) {
			for (side = 0; side < 2; side++) {
				f = dir (side ? "/run/r" : "/base/r") i "/result.xml"
				printf "%s", xml > f
				close(f)
			}
		}
	}'
}

many=${BENCH_MANY:-2500}
dir=$work/many
t1=
from=0
for n in "$many" $((many * 4)); do
	many_runs "$dir" "$from" "$n" "$fix/fstests/example-result.xml"
	from=$n
	find "$dir" -name result.xml > "$work/list"
	set -- "$fexp" compare --data "$data" --baseline "$dir/base" "$dir/run"
	read -r mt mrss <<-EOF
	$(measure "$@")
	EOF
	read -r gt grss <<-EOF
	$(measure xargs -a "$work/list" grep -c '<testcase')
	EOF
	say "compare, $((n * 2)) files of 7 testcases" "$mt" "$mrss"
	say_before "$@"
	say "grep -c '<testcase', the same" "$gt" "$grss"
	if [ -z "$t1" ]; then
		t1=$mt
	else
		t4=$mt
	fi
done
r=$(awk -v a="$t1" -v b="$t4" 'BEGIN { printf "%.1f", b / (a > 0 ? a : 0.01) }')
target "4x the files: ${r}x the time (at most 6x: linear)" \
	"$(awk -v r="$r" 'BEGIN { print (r <= 6) }')"
rm -rf "$dir"

# exclude over a synthetic data directory of 14,000 entries (the size of
# the imported data), without a tree: 20 runs, CPU time (user and system,
# the kconfig child's too) and wall time per run; on a shared machine the
# wall time waits for the CPU, so the target is on CPU time
sh "$here/bench-data.sh" "$work/data" 14000
for bin in "$fexp" ${BENCH_BEFORE:-}; do
for conds in 0 200; do
	t0=$(date +%s%N)
	/usr/bin/time -f '%U %S' -o "$work/time" sh -c '
		i=0
		while [ $i -lt 20 ]; do
			"$@" > /dev/null || exit
			i=$((i + 1))
		done' sh "$bin" exclude --data "$work/data/conds-$conds" \
		--fs xfs --section xfs_crc --release 6.6.30 \
		--config "$here/fixtures/config-6.12-amd64-part"
	t1=$(date +%s%N)
	read -r u s < "$work/time"
	cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.1f", (u + s) * 1000 / 20 }')
	wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) / 1e6 / 20 }')
	if [ "$bin" != "$fexp" ]; then
		echo "  before: exclude, 14000 entries, $conds with 'if':" \
			"$cpu ms CPU, $wall ms wall"
		continue
	fi
	echo "  exclude, 14000 entries, $conds with 'if': $cpu ms CPU, $wall ms wall"
	target "exclude with $conds conditions: $cpu ms of CPU (under 50 ms)" \
		"$(awk -v t="$cpu" 'BEGIN { print (t < 50) }')"
done
done
rm -rf "$work"
echo "$missed target(s) missed"
