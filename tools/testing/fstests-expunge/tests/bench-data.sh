#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A synthetic data directory of N entries for the exclude benchmark:
# every kind, section globs, version lists, fixed-by commits, spread over
# four files; conds-0/ without any condition, conds-200/ with 200 distinct
# 'if' conditions over the symbols of the benchmark's config.
#
# Usage: bench-data.sh OUTDIR N
set -eu

out=$1
n=$2
for conds in 0 200; do
	mkdir -p "$out/conds-$conds"
	awk -v n="$n" -v conds="$conds" -v dir="$out/conds-$conds" 'BEGIN {
		split("generic xfs ext4 btrfs", tdir, " ")
		split("global xfs ext4 btrfs", file, " ")
		split("expunge fail flaky", kind, " ")
		split("DEBUG_KERNEL FS_DAX EXT4_FS XFS_FS BTRFS_FS MODULES BLOCK SMP", sym, " ")
		for (i = 0; i < n; i++) {
			f = dir "/" file[i % 4 + 1] ".expunge"
			line = sprintf("%s/%03d %s", tdir[i % 4 + 1], i % 1000,
				       kind[i % 3 + 1])
			if (i % 5 == 0)
				line = line sprintf(" section=*_%dk,xfs_crc", i % 64)
			if (i % 7 == 0)
				line = line " fixed=6.9,6.6.30,6.1.90"
			if (i % 11 == 0)
				line = line sprintf(" fixed-by=%012x",
						    i * 2654435761 % 281474976710656)
			if (i % 3 == 2)
				line = line " retries=5"
			if (i < conds)
				line = line sprintf(" if %s && !%s || NR_CPUS > %d",
						    sym[i % 8 + 1], sym[(i + 3) % 8 + 1], i)
			print line " # synthetic entry " i > f
		}
	}'
done
