#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# compare's KCIDB, email and HTML reports read back and checked against
# its JSON report (dev/check-reports.py): the KCIDB documents validated
# against the schema, the pages rendered by headless Chromium.
#
# Usage: dev/check-reports.sh FSTESTS_EXPUNGE WORK_DIR
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$top/dev/check-reports.py" "$1" \
	"$top/tools/testing/fstests-expunge" "$2"
