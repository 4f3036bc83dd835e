#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
# The guest side of "fstests-expunge run --vm", built into the tool and put
# into the initramfs as /init. Stage 1 (busybox, the initramfs): load the
# modules of /modules/order, mount the host's root read-only over 9p with
# a tmpfs overlay on top, the other shares (fstests tree, results, the
# kernel's modules: those under /tmp are hidden by the guest's own) at
# their host paths, the kernel's modules on /lib/modules/RELEASE, then
# switch_root. Stage 2 (the host's userspace): fstests' users, TEST_DEV
# made again if it will not mount, then check; its exit status, and any
# failure of the set-up, are said on the console as
# "fstests-expunge-guest: NONCE WHAT" for run to read. The job (NONCE,
# RELEASE, MODDIR, FSTYP, TEST_DEV, CONFIG, KCONFIG, FSTESTS, RESULT_BASE,
# SHARES, and check's arguments in /fexp-args) comes from /fexp-job.

mark() {
	echo "fstests-expunge-guest: $NONCE $*" >/dev/console
}

# The end: the kernel powers the machine off (QEMU exits)
off() {
	sync
	echo o >/proc/sysrq-trigger
	sleep 60
}

fail() {
	mark "error $*"
	off
}

stage1() {
	B=/bin/busybox
	$B mkdir -p /proc /sys /dev /newroot /host /rw /sbin /usr/bin /usr/sbin
	$B --install -s
	mount -t proc none /proc
	mount -t sysfs none /sys
	mount -t devtmpfs none /dev 2>/dev/null
	. /fexp-job
	while read -r m; do
		insmod "/modules/$m" || fail "insmod $m failed"
	done </modules/order
	mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144,cache=loose,ro \
		hostroot /host || fail "cannot mount the host's root (9p)"
	mount -t tmpfs -o mode=0755 tmpfs /rw || fail "no tmpfs"
	mkdir -p /rw/upper /rw/work
	mount -t overlay -o lowerdir=/host,upperdir=/rw/upper,workdir=/rw/work \
		overlay /newroot || fail "cannot mount the overlay on the host's root"
	# before the shares, which may be under /tmp
	mount -t devtmpfs none /newroot/dev || fail "no devtmpfs"
	mount -t tmpfs -o mode=0755 tmpfs /newroot/run
	mount -t tmpfs -o mode=1777 tmpfs /newroot/tmp
	for s in $SHARES; do
		tag=${s%%=*}
		path=${s#*=}
		mkdir -p "/newroot$path"
		mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144,cache=mmap \
			"$tag" "/newroot$path" || fail "cannot mount $path (9p)"
	done
	if [ -n "$MODDIR" ]; then
		mkdir -p "/newroot/lib/modules/$RELEASE"
		mount -o bind "/newroot$MODDIR" "/newroot/lib/modules/$RELEASE" ||
			fail "cannot bind $MODDIR on /lib/modules/$RELEASE"
	fi
	mkdir -p /newroot/run/fexp
	cp /init /fexp-job /fexp-args /newroot/run/fexp/
	umount /proc /sys /dev 2>/dev/null
	exec switch_root /newroot /bin/sh /run/fexp/init stage2
}

# fstests' users and groups (README: fsgqa, fsgqa2, 123456-fsgqa)
users() {
	for u in fsgqa fsgqa2 123456-fsgqa; do
		id "$u" >/dev/null 2>&1 && continue
		groupadd -f "$u" 2>/dev/null
		useradd -M -N -g "$u" "$u" 2>/dev/null
	done
}

# Every TEST_DIR and SCRATCH_MNT the config names, made
mountpoints() {
	sed -n 's/^[[:space:]]*\(export[[:space:]]\{1,\}\)\{0,1\}\(TEST_DIR\|SCRATCH_MNT\)=//p' \
		"$CONFIG" | while read -r d; do
		eval "mkdir -p $d" 2>/dev/null
	done
	mkdir -p /mnt/test /mnt/scratch
}

# The FSTYP check mounts TEST_DEV with before it reads the section run
# asked for: that of the config's first section (or of its lines before
# any section), as fstests' common/config reads it first; else the run's
first_fstyp() {
	awk '/^[[:space:]]*\[/ { if (++n > 1) exit }
	     sub(/^[[:space:]]*(export[[:space:]]+)?FSTYP[[:space:]]*=[[:space:]]*/, "") {
		gsub(/["\047]/, ""); sub(/[[:space:]#].*/, ""); t = $0
	     }
	     END { print t }' "$CONFIG" 2>/dev/null
}

# TEST_DEV mounts, or is made again (a crash may have left it broken),
# with the filesystem check mounts it as first; check makes it again as
# the section's own when that differs ("RECREATING")
test_dev() {
	t=$(first_fstyp)
	t=${t:-$FSTYP}
	mkdir -p /run/fexp/t
	if mount -t "$t" "$TEST_DEV" /run/fexp/t 2>/dev/null; then
		umount /run/fexp/t
		return
	fi
	echo "fstests-expunge-guest: making $t on $TEST_DEV" >/dev/console
	case $t in
	ext2|ext3|ext4) mkfs -t "$t" -F -q "$TEST_DEV" ;;
	xfs|btrfs) mkfs -t "$t" -f -q "$TEST_DEV" ;;
	*) mkfs -t "$t" "$TEST_DEV" ;;
	esac >/dev/null 2>&1 || fail "cannot make $t on TEST_DEV ($TEST_DEV)"
}

# The nodes libdevmapper makes without udev are block nodes, where udev
# makes /dev/mapper/NAME a link to ../dm-N: fstests names a target's
# sysfs directory by where the link leads (_short_dev), and a node gives
# /sys/fs/xfs/NAME, which does not exist (generic/475). dmsetup, first
# in PATH, makes each node such a link once the real one is done.
dm_links() {
	local real
	real=$(command -v dmsetup) || return 0
	mkdir -p /run/fexp/bin
	cat >/run/fexp/bin/dmsetup <<EOF
#!/bin/sh
$real "\$@"
st=\$?
for n in /dev/mapper/*; do
	[ -b "\$n" ] && [ ! -L "\$n" ] || continue
	d=\$(readlink "/sys/dev/block/\$(stat -c %Hr:%Lr "\$n")") || continue
	ln -sf "../\${d##*/}" "\$n"
done
exit \$st
EOF
	chmod +x /run/fexp/bin/dmsetup
	export PATH=/run/fexp/bin:$PATH
}

stage2() {
	export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
	. /run/fexp/fexp-job
	mount -t proc none /proc
	mount -t sysfs none /sys
	mount -t debugfs none /sys/kernel/debug 2>/dev/null
	mkdir -p /dev/pts /dev/shm
	mount -t devpts none /dev/pts
	mount -t tmpfs none /dev/shm
	[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
	hostname fstests-guest
	users
	mountpoints
	test_dev
	cd "$FSTESTS" || fail "no fstests tree at $FSTESTS"
	. /run/fexp/fexp-args
	mark up
	# where fstests looks for the kernel's config first
	[ -n "$KCONFIG" ] && export KCONFIG_PATH=$KCONFIG
	# no udev here: libdevmapper must make the /dev/mapper nodes itself,
	# or every dm-thin, dm-flakey and log-writes test cannot open its
	# targets ("thin-pool: Error opening metadata block device")
	export DM_DISABLE_UDEV=1
	dm_links
	HOST_OPTIONS=$CONFIG RESULT_BASE=$RESULT_BASE FSTESTS_EXPUNGE_GUEST=1 \
		"$@" </dev/null >/dev/console 2>&1
	mark "exit $?"
	off
}

if [ "$1" = stage2 ]; then
	stage2
else
	stage1
fi
