#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A PNG of compare's HTML report on the real runs of the test fixtures,
# as headless Chromium renders it: to look at the page as people see it.
#
# Usage: dev/screenshot.sh FSTESTS_EXPUNGE OUT_DIR
set -eu

fexp=$1
out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
cmp=$top/tools/testing/fstests-expunge/tests/fixtures/compare
browser=$(command -v chromium || command -v chromium-headless-shell) ||
	{ echo 'chromium not found: install it (dev/setup.sh does)' >&2; exit 1; }

mkdir -p "$out"
# every kdevops run of the fixtures (xfs_reflink_4k four times over a
# month, xfs_crc on two kernels, a crash) and an ext4 run with regressions
"$fexp" compare --data "$cmp/data" --format html -o "$out/report.html" \
	"$cmp"/kdevops/2023* "$cmp"/kdevops/20240221 "$cmp/runs/run1-ext4" \
	2>/dev/null ||
	[ $? -eq 1 ]
rm -rf "$out/chromium-profile"
"$browser" --headless --no-sandbox --disable-gpu --disable-quic \
	--no-first-run --disable-background-networking \
	--disable-component-update --disable-sync \
	--user-data-dir="$out/chromium-profile" --hide-scrollbars \
	--window-size=1400,1100 --screenshot="$out/report.png" \
	"file://$out/report.html" 2>/dev/null
rm -rf "$out/chromium-profile"
echo "$out/report.png"
