#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run each libFuzzer target for SECONDS, starting from seeds made from the
# test fixtures (the corpus it grows is kept in WORKDIR for the next run).
# Prints one line per target: executions, corpus size and crashes; a
# crash leaves its input in WORKDIR/crashes/ and fails the run.
#
# Usage: fuzz/run.sh SECONDS WORKDIR TARGET...
set -u

secs=$1
work=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
fix=$here/../tests/fixtures
fail=0

mkdir -p "$work/crashes"
sh "$here/seeds.sh" "$fix" "$here/.." "$work/seeds" || exit 2

for t in "$@"; do
	name=$(basename "$t")
	kind=${name#fuzz_}
	corpus=$work/corpus/$kind
	log=$work/$name.log
	dict=
	case $kind in
	results) dict=-dict=$here/xml.dict ;;
	data|kcond) dict=-dict=$here/expunge.dict ;;
	esac
	mkdir -p "$corpus"
	# one job, bounded memory and time per input, no leaks tolerated
	"$t" -max_total_time="$secs" -print_final_stats=1 -rss_limit_mb=1024 \
		-malloc_limit_mb=512 -timeout=20 -max_len=65536 $dict \
		-artifact_prefix="$work/crashes/$kind-" \
		"$corpus" "$work/seeds/$kind" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	n=$(find "$corpus" -type f | wc -l)
	crashes=$(find "$work/crashes" -name "$kind-*" -type f | wc -l)
	echo "$name: ${runs:-0} executions in $secs s, corpus $n, crashes $crashes"
	if [ "$rc" -ne 0 ]; then
		fail=1
		grep -E 'ERROR|SUMMARY|Test unit written' "$log" | sed 's/^/#   /'
	fi
done
exit $fail
