#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# No C function longer than MAX lines (80 by default), counted from the
# "{" that opens its body to the "}" that closes it, both in column 0 as
# the kernel style puts them. Names each one over, and fails if any is.
#
# Usage: dev/check-functions.sh [-m MAX] FILE...
set -u

max=80
if [ "${1:-}" = -m ]; then
	max=$2
	shift 2
fi
[ $# -gt 0 ] || { echo "usage: $0 [-m MAX] FILE..." >&2; exit 2; }

awk -v max="$max" '
	FNR == 1 { start = 0; name = "" }
	/^\{$/ { start = FNR; name = last; next }
	/^\}/ && start {
		n = FNR - start + 1
		if (n > max) {
			printf "%s:%d: %s() is %d lines (at most %d)\n", \
				FILENAME, start, name, n, max
			over++
		}
		start = 0
		next
	}
	!start && match($0, /[A-Za-z_][A-Za-z0-9_]*\(/) {
		last = substr($0, RSTART, RLENGTH - 1)
	}
	END { exit over > 0 }
' "$@"
