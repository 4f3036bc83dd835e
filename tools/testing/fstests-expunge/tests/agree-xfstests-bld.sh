#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Agreement with xfstests-bld: for every filesystem and configuration of
# its lists and a grid of kernels, the tests that "exclude" leaves out
# plus the "flaky" ones, from the data "import --from xfstests-bld"
# makes, must be exactly the tests xfstests-bld's own rule selects:
# global_exclude, <fs>/exclude and <fs>/cfg/<cfg>.exclude, // comments
# stripped, run through cpp with LINUX_VERSION_CODE (and IS_DAX_CONFIG
# for dax), "-g GROUP" and exclude-opt's "-x GROUP" expanded into tests.
# That rule is tests/xfstests-bld-rule.sh (dev/owner-figures.sh uses it
# too). Groups are expanded from a small fstests-like tree made there,
# for the reference, and by the tool (--fstests) for the data.
# Not modelled, as the import does not carry them: exclude.gce (runs on
# GCE only) and an overlay's base filesystem's list (BASE_FSTYPE).
#
# With DATA_DIR (the shipped data), that data is judged instead of an
# import, and only a test xfstests-bld leaves out and the data runs is a
# mismatch (the data holds other harnesses' lists too), unless the
# file ALLOWED lists it: lines "FS TEST KERNEL-REGEX  # why", matched
# against "FS TEST KERNEL" of each such test.
#
# Usage: agree-xfstests-bld.sh FSTESTS-EXPUNGE XFSTESTS-BLD-DIR WORKDIR
#        [DATA_DIR [ALLOWED]]
set -u

fexp=$1
bld=$2
work=$3
shipped=${4:-}
allowed=${5:-/dev/null}
fsdir=$bld/test-appliance/files/root/fs

if [ ! -f "$fsdir/global_exclude" ]; then
	echo "$bld: no xfstests-bld lists here (set REFDATA to the refdata directory)" >&2
	exit 2
fi
command -v cpp >/dev/null || { echo "cpp not found: install cpp" >&2; exit 2; }

# Stable releases on both sides of every version the lists name, and
# each long-term series and recent mainline.
kernels="4.19.325 5.3.18 5.4 5.4.1 5.4.290 5.10 5.10.235 5.15.180 5.17.15
5.18 5.18.1 6.1.130 6.6 6.6.29 6.6.30 6.6.31 6.8.12 6.9 6.9.1 6.12.20
6.18 6.18.2"

rm -rf "$work"
mkdir -p "$work/data" "$work/ref" "$work/got"
# shellcheck source=tools/testing/fstests-expunge/tests/xfstests-bld-rule.sh
. "$(dirname "$0")/xfstests-bld-rule.sh"
bld_tree

if [ -n "$shipped" ]; then
	rmdir "$work/data" && ln -s "$(cd "$shipped" && pwd)" "$work/data"
else
	"$fexp" import --from xfstests-bld "$bld" --write --data "$work/data" \
		>"$work/import.log" 2>&1 || { cat "$work/import.log"; exit 1; }
fi
# Kernel configs for the data's 'if' conditions: what xfstests-bld's
# test appliance kernel has (quota, DAX, no debug)
printf 'CONFIG_XFS_QUOTA=y\nCONFIG_QUOTA=y\nCONFIG_FS_DAX=y\n' >"$work/config"

# The tool's exclude and flaky for fs, every configuration at once per
# kernel; the section named as xfstests-bld (cfg) or kdevops (fs_cfg)
# would, in turn. The lines "KERNEL CFG TEST" into $work/got/fs.
tool() {
	local fs=$1 k s i=0 args out
	out=$work/out/$fs
	shift
	mkdir -p "$out"
	for k in $kernels; do
		i=$((i + 1))
		args=()
		for s in "$@"; do
			[ $((i % 2)) -eq 0 ] && s=${fs}_$s
			args+=(--section "$s")
		done
		"$fexp" exclude --data "$work/data" --fs "$fs" --release "$k" \
			--config "$work/config" \
			--fstests "$work/fstests" --outdir "$out/$k" \
			"${args[@]}" 2>>"$work/tool.err" || return 1
		"$fexp" flaky --data "$work/data" --fs "$fs" --release "$k" \
			--config "$work/config" "${args[@]}" >"$out/$k/flaky" 2>>"$work/tool.err" ||
			return 1
	done
	# OUT/KERNEL/SECTION.exclude, OUT/KERNEL/flaky ("# section S" before
	# each section's list when there are several)
	awk -v fs="$fs" -v one="$#" -v only="$1" '
		function cfg(s) { sub("^" fs "_", "", s); return s }
		FNR == 1 {
			n = split(FILENAME, p, "/")
			k = p[n - 1]
			s = p[n]
			flaky = s == "flaky"
			sub(/\.exclude$/, "", s)
			s = flaky ? only : cfg(s)
		}
		flaky && /^# section / { s = cfg($3); next }
		/^#/ { next }
		{ print k, s, $1 }' "$out"/*/*.exclude "$out"/*/flaky \
		>"$work/got/$fs"
}

cases=0 nfs=0 ncfg=0 bad=0
nk=$(echo "$kernels" | wc -w)
for d in "$fsdir"/*/; do
	fs=$(basename "$d")
	# the shipped data: the filesystems it has a file for
	[ -z "$shipped" ] || [ -f "$shipped/$fs.expunge" ] || continue
	cfgs=$(bld_cfgs "$fs")
	nfs=$((nfs + 1))
	ncfg=$((ncfg + $(echo "$cfgs" | wc -w)))
	# both sides at once: cpp's start-up is slow, the tool's many runs too
	# shellcheck disable=SC2086
	bld_reference "$fs" $cfgs &
	# shellcheck disable=SC2086
	tool "$fs" $cfgs || { wait; cat "$work/tool.err"; exit 1; }
	wait
	sort -u "$work/ref/$fs" -o "$work/ref/$fs"
	sort -u "$work/got/$fs" -o "$work/got/$fs"
	cases=$((cases + $(echo "$cfgs" | wc -w) * nk))
	if [ -n "$shipped" ]; then
		# KERNEL CFG TEST xfstests-bld leaves out and the data runs
		comm -23 "$work/ref/$fs" "$work/got/$fs" |
			awk -v fs="$fs" -v allowed="$allowed" '
			BEGIN {
				while ((getline l < allowed) > 0) {
					sub(/[ \t]*#.*/, "", l)
					if (split(l, w, " ") == 3) {
						n++; afs[n] = w[1]; at[n] = w[2]
						ak[n] = "^(" w[3] ")$"
					}
				}
			}
			{
				for (i = 1; i <= n; i++)
					if (afs[i] == fs && at[i] == $3 && $1 ~ ak[i]) {
						print fs ": allowed: " $0 >> "/dev/stderr"
						next
					}
				print fs ": only xfstests-bld: " $0
			}' >>"$work/mismatches" 2>>"$work/allowed"
	elif ! cmp -s "$work/ref/$fs" "$work/got/$fs"; then
		diff "$work/ref/$fs" "$work/got/$fs" | grep '^[<>]' |
			sed "s/^</$fs: only xfstests-bld:/; s/^>/$fs: only the data:/" \
			>>"$work/mismatches"
	fi
done
[ -s "$work/mismatches" ] || rm -f "$work/mismatches"
[ -f "$work/mismatches" ] && bad=$(wc -l <"$work/mismatches")
extra=
[ -n "$shipped" ] &&
	extra=", $(cat "$work/allowed" 2>/dev/null | wc -l) deliberate differences"
echo "xfstests-bld agreement: $cases cases ($nfs filesystems," \
	"$ncfg configurations, $nk kernels), $(cat "$work"/ref/* | wc -l)" \
	"tests excluded in all, $bad mismatches$extra"
if [ "$bad" -gt 0 ]; then
	head -n 40 "$work/mismatches"
	exit 1
fi
