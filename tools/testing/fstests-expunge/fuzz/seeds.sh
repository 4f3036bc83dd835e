#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The fuzzers' seeds, one directory per target, from the test fixtures
# and the tool's own data; a small kernel-like ELF object is built here
# (a linux_banner, a .modinfo vermagic, an IKCONFIG blob).
#
# Usage: fuzz/seeds.sh FIXTURES TOOLDIR OUTDIR
set -eu

fix=$1
tool=$2
out=$3

rm -rf "$out"
mkdir -p "$out/data" "$out/kcond" "$out/results" "$out/kconfig" \
	"$out/kelf" "$out/release" "$out/hints"

n=0
for f in "$fix"/data/*.expunge "$fix"/compare/data/*.expunge \
	 "$tool"/data/*.expunge; do
	n=$((n + 1))
	cp "$f" "$out/data/$n.expunge"
done
# every condition in the data, one per seed
cat "$out"/data/*.expunge | sed -n 's/.* if \([^#]*\).*/\1/p' | sort -u |
	head -200 | split -l 1 - "$out/kcond/cond-"
printf 'FS_DAX && !(EXT4_FS = m || NR_CPUS > 8)' > "$out/kcond/hand"

n=0
for f in $(find "$fix/compare" -name '*.xml' | sort); do
	n=$((n + 1))
	cp "$f" "$out/results/$n.xml"
done

cp "$fix"/config-* "$out/kconfig/"
gzip -c "$fix/config-dax" > "$out/kconfig/config-dax.gz"

{
	printf '6.1.0-28-amd64\0Linux version 6.1.0-28-amd64 (gcc) #1 SMP '
	printf 'PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)\0'
} > "$out/release/debian"
printf '5.15.0-91-generic\0\0Ubuntu 5.15.0-91.101-generic 5.15.131' \
	> "$out/release/ubuntu"
printf '6.9-rc7,6.6.30,6.1.90\0006.6.29\0' > "$out/release/list"

cat > "$out/hints/xfs" <<'T'
#! /bin/bash
. ./common/preamble
_begin_fstest auto quick
[ "$FSTYP" = "xfs" ] && _fixed_by_kernel_commit 0123456789ab \
	"xfs: a fix"
if [ $FSTYP == "btrfs" ]; then
	_fixed_by_kernel_commit 89abcdef0123 "btrfs: another"
fi
case $FSTYP in
ext4|ext3)
	_fixed_by_git_commit kernel fedcba987654 "ext4: third" ;;
esac
_wants_kernel_commit 00112233aabb "feature"
status=0
exit
T

src=$out/kelf/src
mkdir -p "$src"
gzip -c "$fix/config-dax" > "$src/config.gz"
cat > "$src/k.s" <<S
	.section .rodata, "a"
	.globl linux_banner
linux_banner:
	.asciz "Linux version 6.6.30-fuzz (cc) #1 SMP PREEMPT_DYNAMIC\\n"
	.ascii "IKCFG_ST"
	.incbin "$src/config.gz"
	.ascii "IKCFG_ED"
S
printf 'vermagic=6.6.30-fuzz SMP mod_unload \0license=GPL\0' > "$src/modinfo"
${CC:-cc} -c -o "$src/k.o" "$src/k.s"
objcopy --add-section .modinfo="$src/modinfo" "$src/k.o" "$out/kelf/k.ko"
cp "$src/k.o" "$out/kelf/vmlinux.o"
rm -rf "$src"
