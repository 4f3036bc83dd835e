#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Set up a fresh Debian machine to build and test the overlay: install the
# missing packages, then unpack the parts of linux-source-6.12 and
# linux-source-6.1 we need (once; a marker file says it is complete).
# 6.1 is the oldest stable tree the overlay is applied to by make check.
#
# Usage: dev/setup.sh CACHE_DIR [KSRC]
#   With KSRC (a kernel tree of the user's), 6.12 is not unpacked.
set -eu

cache=$1
ksrc=${2:-}

pkgs="gcc make libc6-dev libxml2-dev libelf-dev zlib1g-dev liblzma-dev
libzstd-dev pkg-config flex bison xz-utils zstd gzip binutils libxml2-utils
perl git time jq clang libclang-rt-dev valgrind patch cpp
python3-docutils python3-sphinx python3-sphinx-rtd-theme python3-yaml
python3-jsonschema chromium chromium-headless-shell fonts-dejavu-core
qemu-system-x86 busybox-static kmod cpio linux-source-6.1"
[ -n "$ksrc" ] || pkgs="$pkgs linux-source-6.12"

missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	sudo=
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	echo "  SETUP   installing:$missing"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
		--no-install-recommends $missing >/dev/null
fi

# The kernel tree: scripts/ (kconfig, checkpatch), tools/ (Makefile
# conventions, kselftest harness), include/, Documentation/ and every
# Kconfig file (conditions with --srctree), MAINTAINERS.
unpack() {
	ver=$1
	dest=$cache/linux-source-$ver
	tarball=/usr/src/linux-source-$ver.tar.xz
	[ -f "$dest/.unpacked" ] && return 0
	[ -f "$tarball" ] || { echo "$tarball: missing" >&2; exit 1; }
	echo "  SETUP   unpacking $tarball into $dest"
	rm -rf "$dest"
	mkdir -p "$dest"
	top=linux-source-$ver
	xz -T2 -dc "$tarball" | tar -x -C "$dest" --strip-components=1 \
		--wildcards "$top/scripts" "$top/tools" "$top/include" \
		"$top/Documentation" "$top/Makefile" "$top/Kbuild" \
		"$top/MAINTAINERS" "$top/COPYING" "$top/LICENSES" \
		"$top/arch/*/Makefile*" '*Kconfig*'
	touch "$dest/.unpacked"
}

unpack 6.1
[ -n "$ksrc" ] || unpack 6.12

# A kernel to boot for run --vm (dev/check-vm.sh), as a user hands one
# over: Debian's package downloaded and unpacked, never installed into
# /boot; depmod for its modules.dep.
vmkernel() {
	pkg=linux-image-$1-unsigned
	dest=$cache/$pkg
	[ -f "$dest/.unpacked" ] && return 0
	echo "  SETUP   downloading $pkg into $dest"
	rm -rf "$dest" "$cache/dl"
	mkdir -p "$dest" "$cache/dl"
	(cd "$cache/dl" && apt-get download -q "$pkg" >/dev/null) || {
		echo "apt-get download $pkg failed" >&2
		exit 1
	}
	dpkg-deb -x "$cache"/dl/"$pkg"_*.deb "$dest"
	depmod -b "$dest" "$1"
	rm -rf "$cache/dl"
	touch "$dest/.unpacked"
}

vmkernel 6.12.118+deb12-amd64
