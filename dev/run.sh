#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What "make run" shows: the running kernel ("kernel"), then one line per
# filesystem with data, its exclude file for that kernel written to
# OUTDIR/FS.exclude (what the tool warned of beside it, FS.log), then
# one of those files in full: FS's, ext4's by default.
#
# Usage: dev/run.sh FSTESTS_EXPUNGE OUTDIR [FS]
set -u

fexp=$1
out=$2
show=${3:-ext4}

"$fexp" kernel || exit
mkdir -p "$out" || exit
fss=$("$fexp" kernel --format keys | sed -n 's/^filesystems=//p')
case " $fss " in
*" $show "*) ;;
*)	echo "FS=$show: no data for it (there is data for: $fss)" >&2
	exit 2 ;;
esac
echo
echo "Exclude files for this kernel, no section given, in $out/:"
for fs in $fss; do
	"$fexp" exclude --fs "$fs" -o "$out/$fs.exclude" 2>"$out/$fs.log" ||
		{ cat "$out/$fs.log" >&2; exit 2; }
	n=$(grep -c '^[^#]' "$out/$fs.exclude")
	w=$(grep -c 'warning:' "$out/$fs.log")
	case $w in
	0) w= ;;
	1) w=", 1 warning in $fs.log" ;;
	*) w=", $w warnings in $fs.log" ;;
	esac
	printf '  %-9s %4d tests left out%s\n' "$fs" "$n" "$w"
done
echo
echo "== $out/$show.exclude (FS=NAME shows another)"
cat "$out/$show.exclude"
echo
echo "== $out/$show.log"
cat "$out/$show.log"
