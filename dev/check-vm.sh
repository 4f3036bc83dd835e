#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# run --vm against a real kernel, briefly: Debian's 6.12 package (which
# dev/setup.sh downloads into the cache) booted under QEMU (TCG here, KVM
# where it works) on this machine's root, with a stand-in for fstests'
# check (tests/fake-fstests-check.sh). The guest comes up, a trivial
# command's result comes back (uname -r in the KERNEL property, the
# kernel's config where fstests looks for it, a device-mapper target
# under /dev/mapper as fstests' dm tests open it, a link to its dm-N as
# udev makes it), a forced
# crash (sysrq c, generic/007) is that test's result with the kernel's
# signature, so is a test that makes no progress in its time (a hang,
# generic/005), the guest boots again and the run goes on (generic/010);
# --bisect of that crash is "bad" (1), booting a build directory's
# bzImage.
# kill -9 of run leaves no QEMU. First the bad inputs that never boot:
# no QEMU, modules of another release, a kernel that is not a bzImage,
# a guest that does not come up in time.
#
# Usage: dev/check-vm.sh FEXP CACHE_DIR
set -u

fexp=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cache=$2
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$top/tools/testing/fstests-expunge
rel=6.12.118+deb12-amd64
pkg=$cache/linux-image-$rel-unsigned
kernel=$pkg/boot/vmlinuz-$rel
fails=0

say() { echo "$@"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

if [ ! -r "$kernel" ]; then
	echo "$kernel: missing: run dev/setup.sh $cache" >&2
	exit 1
fi
tmp=$(mktemp -d /tmp/fexp-check-vm.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/fstests/tests/generic" "$tmp/disks" "$tmp/data"
cp "$tool/tests/fake-fstests-check.sh" "$tmp/fstests/check"
chmod +x "$tmp/fstests/check"
printf '%s auto\n' 001 002 003 004 005 006 007 010 100 \
	>"$tmp/fstests/tests/generic/group.list"
# no data: every failure is unexplained
: >"$tmp/data/ext4.expunge"
: >"$tmp/data/global.expunge"
common=(--fs ext4 --section vmcheck --fstests "$tmp/fstests" --data "$tmp/data"
	--vm-cpus 1 --vm-memory 1024 --vm-disk-size 1 --vm-disk-dir "$tmp/disks")

# expect_usage WHAT PATTERN CMD...: exit 2, PATTERN in its error
expect_usage() {
	local what=$1 pat=$2 st
	shift 2
	"$@" >"$tmp/out" 2>&1
	st=$?
	if [ $st -ne 2 ] || ! grep -q -- "$pat" "$tmp/out"; then
		bad "$what: exit $st, wanted 2 and '$pat':"
		sed 's/^/    /' "$tmp/out"
	else
		say "ok: $what: $(grep -m1 -- "$pat" "$tmp/out")"
	fi
}

expect_usage "no QEMU" "install qemu-system-x86" \
	env PATH=/nonexistent "$fexp" run --vm --kernel "$kernel" \
	"${common[@]}" --results "$tmp/r0" -- generic/001
mkdir -p "$tmp/mods/lib/modules/9.9.9"
touch "$tmp/mods/lib/modules/9.9.9/modules.dep"
expect_usage "modules of another release" "release 9.9.9, not of the kernel's $rel" \
	"$fexp" run --vm --kernel "$kernel" --modules "$tmp/mods/lib/modules/9.9.9" \
	"${common[@]}" --results "$tmp/r0" -- generic/001
mod=$(find "$pkg/lib/modules/$rel/kernel/fs/ext4" -name 'ext4.ko*' | head -n 1)
expect_usage "not a bootable kernel" "not a kernel --vm can boot" \
	"$fexp" run --vm --kernel "$mod" "${common[@]}" --results "$tmp/r0" \
	-- generic/001
expect_usage "a shared path with a space" "may not hold a space" \
	"$fexp" run --vm --kernel "$kernel" "${common[@]}" --results "$tmp/r 0" \
	-- generic/001
expect_usage "a guest that does not come up in time" \
	"the guest did not come up within 2 s" \
	"$fexp" run --vm --kernel "$kernel" --vm-boot-timeout 2 "${common[@]}" \
	--results "$tmp/r0" -- generic/001
grep -q "last .* lines of the guest's console" "$tmp/out" ||
	bad "a guest that does not come up: no console tail shown"

# The real boots: generic/001 passes, generic/005 hangs (no progress in
# 30 s), generic/007 crashes, generic/010 runs after them. From here on
# the tree has a config whose section names devices of this machine:
# each must become a disk of the guest, or TEST_DEV cannot be made.
# The first section is what check mounts TEST_DEV as before it reads
# the one asked for: the guest makes TEST_DEV that (ext2), not ext4.
cat >"$tmp/fstests/local.config" <<EOF
[other]
FSTYP=ext2
TEST_DEV=/dev/loop9
[vmcheck]
FSTYP=ext4
TEST_DEV=/dev/loop7
TEST_DIR=/mnt/test
SCRATCH_DEV=/dev/loop8
SCRATCH_MNT=/mnt/scratch
EOF
t0=$(date +%s)
mkdir -p "$tmp/fstests/fake-state"
touch "$tmp/fstests/fake-state/hang"
"$fexp" run --vm --kernel "$kernel" "${common[@]}" --results "$tmp/r1" \
	--vm-timeout 30 -- generic/001 generic/005 generic/007 generic/010 \
	>"$tmp/run.out" 2>&1
st=$?
rm -rf "$tmp/fstests/fake-state"
say "run --vm: exit $st in $(($(date +%s) - t0)) s"
[ $st -eq 1 ] || { bad "exit $st, wanted 1 (the crash is a regression)"; cat "$tmp/run.out"; }
kext4=$(sed -n 's/^CONFIG_EXT4_FS=//p' "$pkg/boot/config-$rel")
python3 - "$tmp/r1/vmcheck" "$rel" "$kext4" <<'PY' || fails=$((fails + 1))
import sys
import xml.etree.ElementTree as ET
d, rel, kext4 = sys.argv[1], sys.argv[2], sys.argv[3]
suite = ET.parse(d + '/result.xml').getroot()
props = {p.get('name'): p.get('value') for p in suite.iter('property')}
cases = {c.get('name'): c for c in suite.iter('testcase')}
bad = []
if props.get('KERNEL') != rel:
    bad.append('KERNEL %r: the guest did not say its uname -r' % props.get('KERNEL'))
if props.get('KERNEL_VERSION') != '6.12.118':
    bad.append('KERNEL_VERSION %r' % props.get('KERNEL_VERSION'))
if props.get('VM') not in ('qemu tcg', 'qemu kvm'):
    bad.append('VM %r' % props.get('VM'))
for t in ('generic/001', 'generic/010'):
    if t not in cases or len(cases[t]):
        bad.append(t + ': not a pass')
h = cases.get('generic/005')
h = h.find('failure') if h is not None else None
if h is None or h.get('type') != 'crashed' or \
   'hang: no progress within 30 s' not in h.get('message'):
    bad.append('generic/005: not crashed as a hang')
f = cases.get('generic/007')
f = f.find('failure') if f is not None else None
if f is None or f.get('type') != 'crashed' or \
   'Kernel panic - not syncing: sysrq triggered crash' not in f.get('message'):
    bad.append('generic/007: not crashed with the sysrq signature')
# fstests finds the kernel's config (KCONFIG_PATH), not the host's
full = open(d + '/generic/001.full').read()
if 'CONFIG_EXT4_FS=' + kext4 not in full:
    bad.append('generic/001.full: no CONFIG_EXT4_FS=%s from KCONFIG_PATH' % kext4)
if 'TEST_DEV holds ext2' not in full:
    bad.append('generic/001.full: TEST_DEV not made as the first section\'s ext2')
if 'dm node made' not in full:
    bad.append('generic/001.full: dmsetup made no /dev/mapper node (%s)' %
               full.strip().split('\n')[-1])
elif 'dm node links to dm-' not in full:
    bad.append('generic/001.full: /dev/mapper/NAME is no link to its dm-N, '
               'as fstests\' _short_dev needs')
console = open(d + '/generic/007.console').read()
if 'sysrq triggered crash' not in console:
    bad.append('generic/007.console has no panic')
for b in bad:
    print('FAIL:', b)
if not bad:
    print('ok: guest up on this root, uname -r back (%s), sysrq crash caught: %s'
          % (props['KERNEL'], f.get('message')))
sys.exit(1 if bad else 0)
PY

# compare of the result alone reads the upstream version it records
if "$fexp" compare --data "$tmp/data" "$tmp/r1/vmcheck/result.xml" 2>&1 |
	grep -q "version 6.12.118"; then
	say "ok: compare of the result: the data of 6.12.118"
else
	bad "compare of the result does not say version 6.12.118"
fi
# the config of an unpacked package is the one beside its vmlinuz
if "$fexp" kernel --kernel "$kernel" | grep -q "^config: *$pkg/boot/config-$rel"; then
	say "ok: kernel --kernel: the config beside it"
else
	bad "kernel --kernel $kernel: not the config beside it"
fi

# --bisect: the crash reproduces (2 attempts, 2 boots): bad. The kernel
# is a build directory's, as at a step of a bisect (its bzImage, .config
# and kernel.release; the modules given apart, relative, and under /tmp,
# which the guest mounts a tmpfs of its own on: they are shared with it)
kb=$tmp/kbuild
mkdir -p "$kb/arch/x86/boot" "$kb/include/config" "$tmp/modules"
cp "$kernel" "$kb/arch/x86/boot/bzImage"
cp "$pkg/boot/config-$rel" "$kb/.config"
echo "$rel" >"$kb/include/config/kernel.release"
cp -al "$pkg/lib/modules/$rel" "$tmp/modules/" 2>/dev/null ||
	cp -a "$pkg/lib/modules/$rel" "$tmp/modules/"
(cd "$tmp" && "$fexp" run --vm --bisect --test generic/007 --attempts 2 \
	--build-dir "$kb" --modules "modules/$rel" "${common[@]}" \
	--results "$tmp/r3") >"$tmp/bisect.out" 2>&1
st=$?
if [ $st -eq 1 ] && grep -q "it crashed every time" "$tmp/bisect.out"; then
	say "ok: run --vm --bisect of a crash that reproduces: exit 1"
else
	bad "run --vm --bisect --test generic/007: exit $st, wanted 1"
	tail -n 5 "$tmp/bisect.out"
fi

# wait_up DIR PID: until the guest of the run in DIR is up (its console
# says so); the seconds it took in $i
wait_up() {
	for i in $(seq 300); do
		grep -q 'fstests-expunge-guest: [0-9a-f]* up' \
			"$1/vmcheck/fstests-expunge/console.log" 2>/dev/null && return
		kill -0 "$2" 2>/dev/null || return
		sleep 1
	done
}

# QEMU ended from outside (SIGTERM): no test crashed, the run stops (2).
# The guest runs the test that hangs, so it is still busy when QEMU is
# ended, however slow this machine is (a quick test may be done by then).
mkdir -p "$tmp/fstests/fake-state"
touch "$tmp/fstests/fake-state/hang"
# The kernel by a relative path, as QEMU (which runs elsewhere) must not
# get it
(cd "$pkg/boot" && exec "$fexp" run --vm --kernel "vmlinuz-$rel" \
	"${common[@]}" --results "$tmp/r4" --vm-timeout 900 -- generic/005 \
	>"$tmp/term.out" 2>&1) &
pid=$!
wait_up "$tmp/r4" $pid
kill -TERM $(pgrep -f -- "qemu-system.*$tmp/r4") 2>/dev/null
wait $pid
st=$?
rm -rf "$tmp/fstests/fake-state"
if [ $st -eq 2 ] && grep -q "QEMU was ended from outside" "$tmp/term.out" &&
   [ ! -s "$tmp/r4/vmcheck/fstests-expunge/crashed" ]; then
	say "ok: QEMU ended from outside: exit 2, no test recorded crashed"
else
	bad "QEMU ended from outside: exit $st"
	tail -n 5 "$tmp/term.out"
fi

# kill -9 of run while the guest runs (the test that hangs, as above):
# no QEMU left, no disk file
mkdir -p "$tmp/fstests/fake-state"
touch "$tmp/fstests/fake-state/hang"
"$fexp" run --vm --kernel "$kernel" "${common[@]}" --results "$tmp/r2" \
	--vm-timeout 900 -- generic/005 >"$tmp/kill.out" 2>&1 &
pid=$!
wait_up "$tmp/r2" $pid
if ! kill -0 $pid 2>/dev/null; then
	bad "kill -9: the run had ended before it could be killed"
	cat "$tmp/kill.out"
fi
kill -9 $pid
wait $pid 2>/dev/null
rm -rf "$tmp/fstests/fake-state"
sleep 3
if pgrep -f -- "$tmp/r2" >/dev/null; then
	bad "kill -9: a process of the run is left: $(pgrep -af -- "$tmp/r2")"
	pkill -9 -f -- "$tmp/r2"
elif [ -n "$(ls -A "$tmp/disks")" ]; then
	bad "kill -9: disk files left: $(ls "$tmp/disks")"
else
	say "ok: kill -9 of run after $i s: no QEMU, no disk file left"
fi
exit $((fails > 0))
