#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark "compare" against its floor (grep -c '<testcase', a byte
# scan), xmllint --stream and, where XFSTESTS_BLD names an xfstests-bld
# checkout, its gen_results_summary, over a corpus
# made from the real result.xml fixtures: many runs, thousands of
# testcases, failures with logs of megabytes in CDATA. Prints wall time
# and peak RSS of both over the same files, and compare's peak RSS at two
# corpus sizes: it must not grow with the corpus.
#
# Usage: bench.sh FSTESTS_EXPUNGE WORKDIR [RUNS]
set -eu

fexp=$1
work=$2
runs=${3:-40}
fix=$(cd "$(dirname "$0")" && pwd)/fixtures/compare
corpus=$work/bench-corpus

# One fixture, turned into run $2 of host $3: some passes become
# failures with a log of 256 KiB to 4 MiB, as fstests writes them.
make_run() {
	awk -v seed="$2" -v host="$3" '
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
			n = 4 + int(rand() * 60)
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

echo "Building the corpus in $corpus ($runs runs of 4 sections)..."
rm -rf "$corpus"
r=0
while [ $r -lt "$runs" ]; do
	for f in "$fix"/kdevops/20231218/6.6.0-rc5/xfs_crc/result.xml \
		 "$fix"/kdevops/20240221/6.8.0-rc2/xfs_crc/result.xml \
		 "$fix"/kdevops/20230829/*/xfs_reflink_4k/result.xml \
		 "$fix"/kdevops/old/*/xfs_crc/result.xml; do
		rel=${f#"$fix"/kdevops/}
		out=$corpus/host-$r/$(dirname "$rel" | cut -d/ -f2-)
		mkdir -p "$out"
		make_run "$f" $((r * 7 + ${#rel})) "host-$r" > "$out/result.xml"
	done
	r=$((r + 1))
done

files=$(find "$corpus" -name result.xml | sort)
nfiles=$(echo "$files" | wc -l)
ncases=$(cat $files | grep -c '<testcase ')
mb=$(du -sm "$corpus" | cut -f1)
echo "corpus: $nfiles files, $ncases testcases, $mb MB"

# wall seconds and peak RSS in MB of a command, page cache warm
measure() {
	cat $files > /dev/null
	/usr/bin/time -f '%e %M' -o "$work/bench.time" "$@" > /dev/null 2>&1 || true
	awk '{ printf "%.2f s, peak RSS %.1f MB", $1, $2 / 1024 }' "$work/bench.time"
}

# the baseline is the first half of the hosts, the run the second
half=$((runs / 2))
base_args=
run_args=
r=0
while [ $r -lt "$runs" ]; do
	if [ $r -lt $half ]; then
		base_args="$base_args --baseline $corpus/host-$r"
	else
		run_args="$run_args $corpus/host-$r"
	fi
	r=$((r + 1))
done

c=$(measure "$fexp" compare --data "$fix/data" $base_args $run_args)
ct=$(awk '{ print $1 }' "$work/bench.time")
x=$(measure xmllint --stream --noout $files)
xt=$(awk '{ print $1 }' "$work/bench.time")
g=$(measure grep -c '<testcase' $files)
gt=$(awk '{ print $1 }' "$work/bench.time")
echo "compare (all $nfiles files):          $c"
echo "grep -c '<testcase' (the floor):       $g"
echo "xmllint --stream --noout (same files): $x"
awk -v c="$ct" -v x="$xt" -v g="$gt" 'BEGIN {
	printf "ratio compare / grep: %.1f (target: at most 5)\n", (g > 0 ? c / g : 0)
	printf "ratio compare / xmllint: %.2f\n", (x > 0 ? c / x : 0) }'
# the peer: xfstests-bld's own summary, where a checkout is given
peer=
[ -n "${XFSTESTS_BLD:-}" ] &&
	peer=$(find "$XFSTESTS_BLD" -name 'gen_results_summary*' -type f | head -n 1)
if [ -n "$peer" ]; then
	p=$(measure python3 "$peer" "$corpus")
	pt=$(awk '{ print $1 }' "$work/bench.time")
	echo "gen_results_summary (xfstests-bld):    $p"
	awk -v c="$ct" -v p="$pt" 'BEGIN {
		printf "speed-up over the peer: %.0fx (target: at least 30x)\n",
			(c > 0 ? p / c : 0) }'
else
	echo "gen_results_summary: XFSTESTS_BLD not set, peer not measured"
fi

q=$((runs / 4))
qa=
files_q=
r=0
while [ $r -lt "$q" ]; do
	qa="$qa $corpus/host-$r"
	files_q="$files_q $(find "$corpus/host-$r" -name result.xml)"
	r=$((r + 1))
done
files_all=$files
files=$files_q
cq=$(measure "$fexp" compare --data "$fix/data" $qa)
files=$files_all
echo "compare, $q runs ($((q * 4)) files):  $cq"
echo "compare, $runs runs ($nfiles files): $c"

# exclude over a synthetic data directory of 14,000 entries (the size of
# the imported data), without a tree: best of five runs
sh "$(dirname "$0")/bench-data.sh" "$work/bench-data" 14000
for conds in 0 200; do
	d=$work/bench-data/conds-$conds
	best=
	for i in 1 2 3 4 5; do
		# CPU time (user + system): wall time on a shared machine waits
		/usr/bin/time -f '%U %S' -o "$work/bench.time" "$fexp" exclude \
			--data "$d" --fs xfs --release 6.6.30 \
			--config "$(dirname "$0")/fixtures/config-6.12-amd64-part" \
			> /dev/null
		t=$(awk '{ print $1 + $2 }' "$work/bench.time")
		best=$(awk -v a="${best:-999}" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
	done
	awk -v t="$best" -v c="$conds" 'BEGIN {
		printf "exclude, 14000 entries, %d with a condition: " \
			"%.0f ms of CPU (target: under 50 ms)\n", c, t * 1000 }'
done
