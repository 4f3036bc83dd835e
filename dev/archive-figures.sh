#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# What "archive add" reads from kdevops' published results archives, as
# a new user gets them: each argument is a clone (git clone of
# kdevops-results-archive or old-kdevops-results-archive, LFS objects
# absent or present) or a folder of tarballs. Each is added to an
# archive of its own in a temporary folder, and the tool's own count is
# printed: runs read, from a summary only, machines, kernels, LFS
# pointers. Nothing here reads the results: the tool does.
#
# Arguments: FEXP CLONE...
set -eu

fexp=${1:?usage: $0 FEXP CLONE...}
shift
tmp=$(mktemp -d /tmp/fexp-archive-figures.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

n=0
for src in "$@"; do
	n=$((n + 1))
	start=$(date +%s)
	echo "== $src"
	# a failed add is no figure: say why and stop
	if ! "$fexp" archive add --archive "$tmp/a$n" "$src" \
			>"$tmp/out" 2>"$tmp/err"; then
		sed 's/^/   stderr: /' "$tmp/err" >&2
		echo "$0: archive add $src failed" >&2
		exit 1
	fi
	sed 's/^/   /' "$tmp/out"
	if [ -s "$tmp/err" ]; then
		sed 's/^/   stderr: /' "$tmp/err"
	fi
	echo "   in $(($(date +%s) - start)) s"
done
