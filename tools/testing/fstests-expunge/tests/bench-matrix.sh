#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark "matrix" over a results archive of RUNS runs (10,000) made
# from the real result.xml fixtures: every fixture (kdevops' and plain
# fstests runs: xfs and ext4, five sections, a run cut short) on each of
# ten kernels, with failures drawn at random, added with "archive add"
# (real commits); bench-archive.py then copies them, git-less, to
# 1,000, 5,000 and RUNS runs on three machines, later copies on later
# stable releases (42 kernels a table at 10,000). At each size: matrix's
# time (JSON, and the HTML pages) and peak RSS, beside a byte scan of the
# same files (cat of every compressed file: the floor) and zstd -dc |
# grep -c '<testcase' (every byte decompressed and scanned once). The
# targets: matrix within a few seconds of CPU at RUNS runs, its peak RSS
# growing with the cells (kernels x tests) and not with the runs, and no
# page over 2 MB (a table too large for one is paged).
#
# Usage: bench-matrix.sh FSTESTS_EXPUNGE WORKDIR [RUNS]
set -eu

fexp=$1
work=$2/bench-matrix
total=${3:-10000}
here=$(cd "$(dirname "$0")" && pwd)
fix=$here/fixtures/compare
kernels="6.1.115 6.1.119 6.6.60 6.6.64 6.12.1 6.12.5 6.13.0-rc1 6.13.0 6.14.0-rc2 6.14.0"
missed=0

# One fixture $1 as run on kernel $2 (its KERNEL property), seed $3: a
# passing testcase in 200 fails, with a diff in its log
make_run() {
	awk -v seed="$3" -v kernel="$2" '
	BEGIN { srand(seed); prop = "name=\"KERNEL\" value=\"" kernel "\"" }
	/name="KERNEL"/ { sub(/name="KERNEL" value="[^"]*"/, prop); named = 1 }
	/<\/properties>/ && !named { print "\t\t<property " prop "/>" }
	held != "" {
		print held
		held = ""
		if ($0 ~ /^[ \t]*<\/testcase>/ && rand() < 0.005) {
			print "\t\t<failure message=\"- output mismatch\" type=\"TestFail\" />"
			print "\t\t<system-err>\n<![CDATA[\n+unexpected output"
			print "]]>\n\t\t</system-err>"
		}
	}
	/<testcase / { held = $0; next }
	{ print }' "$1"
}

# The distinct runs: every fixture on every kernel, one "archive add"
distinct() {
	n=0
	for f in $(find "$fix/kdevops" "$fix/runs" "$fix/fstests" -name '*.xml' | sort); do
		for k in $kernels; do
			n=$((n + 1))
			sect=$(basename "$(dirname "$f")")
			[ "${f#"$fix"/fstests/}" = "$f" ] || sect=fstests
			out=$work/src/$n/$k/$sect
			mkdir -p "$out"
			make_run "$f" "$k" "$n" > "$out/result.xml"
		done
	done
	t0=$(date +%s%N)
	"$fexp" archive add --archive "$work/archive" --machine bench-m0 \
		"$work/src" 2>&1 | tail -n 1
	t1=$(date +%s%N)
	echo "  archive add, $n runs (a git commit each):" \
	     "$(awk -v a="$t0" -v b="$t1" -v n="$n" \
		'BEGIN { printf "%.1f s, %.0f ms a run", (b - a) / 1e9, (b - a) / 1e6 / n }')"
}

# best wall seconds of three, CPU seconds (user and system) of that run
# and the peak RSS in MB (getrusage's ru_maxrss of the child)
measure() {
	best=
	rss=0
	for i in 1 2 3; do
		t0=$(date +%s%N)
		/usr/bin/time -f '%M %U %S' -o "$work/time" "$@" > "$work/out" 2>&1 || true
		t1=$(date +%s%N)
		read -r m u s < "$work/time"
		t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
		faster=$(awk -v a="$t" -v b="${best:-0}" 'BEGIN { print (b == 0 || a < b) }')
		if [ "$faster" = 1 ]; then
			best=$t
			cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
		fi
		[ "$m" -gt "$rss" ] && rss=$m
	done
	echo "$best $cpu $((rss / 1024))"
}

say() {
	printf '  %-40s %7.2f s  %6.2f s CPU  %4d MB\n' "$1" "$2" "$3" "$4"
}

target() {
	if [ "$2" = 1 ]; then
		echo "  ok: $1"
	else
		echo "  MISSED: $1"
		missed=$((missed + 1))
	fi
}

rm -rf "$work" "$work.distinct"
mkdir -p "$work"
distinct
rss1=
last=0
for n in 1000 5000 "$total"; do
	[ "$n" -le "$total" ] && [ "$n" -gt "$last" ] || continue
	last=$n
	python3 "$here/bench-archive.py" "$work/archive" "$n"
	runs=$(ls "$work/archive/runs" | wc -l)
	find "$work/archive/runs" -name '*.zst' > "$work/list"
	xargs -a "$work/list" cat > /dev/null
	xml=$(xargs -a "$work/list" zstd -dcq | wc -c)
	echo "archive of $runs runs: $(du -sm "$work/archive/runs" | cut -f1) MB," \
	     "$((xml / 1048576)) MB of result.xml"
	read -r jt jc jrss <<-EOF
	$(measure "$fexp" matrix --format json "$work/archive")
	EOF
	cp "$work/out" "$work/matrix.json"
	read -r ht hc hrss <<-EOF
	$(measure "$fexp" matrix -o "$work/pages" "$work/archive")
	EOF
	read -r ct cc crss <<-EOF
	$(measure xargs -a "$work/list" cat)
	EOF
	read -r zt zc zrss <<-EOF
	$(measure sh -c "xargs -a '$work/list' zstd -dcq | grep -c '<testcase'")
	EOF
	say "matrix --format json" "$jt" "$jc" "$jrss"
	say "matrix -o DIR (html)" "$ht" "$hc" "$hrss"
	say "cat of every .zst (the floor)" "$ct" "$cc" "$crss"
	say "zstd -dc | grep -c '<testcase'" "$zt" "$zc" "$zrss"
	cells=$(python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
t = m["matrices"]
print(len(t), "tables,", sum(len(x["kernels"]) for x in t), "columns,",
      sum(len(x["tests"]) * len(x["kernels"]) for x in t), "cells")' "$work/matrix.json")
	echo "  $cells"
	cells=$(echo "$cells" | awk '{ print $5 }')
	[ -n "$rss1" ] || { rss1=$jrss; cells1=$cells; }
	rss=$((jrss > hrss ? jrss : hrss))
	# the largest page: what a browser must load at once
	page=$(ls -S "$work/pages" | head -n 1)
	pagekb=$(( $(stat -c %s "$work/pages/$page") / 1024 ))
	echo "  largest page: $page, $pagekb KB; $(ls "$work/pages" | wc -l) pages"
done
target "matrix over $runs runs: $jc s of CPU, $hc s with the pages (at most 5 s)" \
	"$(awk -v a="$jc" -v b="$hc" 'BEGIN { print (a <= 5 && b <= 5) }')"
target "largest page $pagekb KB at $runs runs (at most 2048 KB)" \
	"$(awk -v a="$pagekb" 'BEGIN { print (a <= 2048) }')"
target "peak RSS $rss1 MB at 1000 runs, $rss MB at $runs, cells x$(awk -v a="$cells1" \
	-v b="$cells" 'BEGIN { printf "%.1f", b / a }') (at most 1.25x as much a cell + 2 MB)" \
	"$(awk -v a="$rss1" -v b="$rss" -v c="$cells1" -v d="$cells" \
		'BEGIN { print (b <= a * d / c * 1.25 + 2) }')"
rm -rf "$work" "$work.distinct"
echo "$missed target(s) missed"
