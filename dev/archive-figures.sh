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
# Usage: dev/archive-figures.sh FEXP CLONE...
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
	"$fexp" archive add --archive "$tmp/a$n" "$src" 2>"$tmp/err" |
		sed 's/^/   /'
	[ -s "$tmp/err" ] && sed 's/^/   stderr: /' "$tmp/err"
	echo "   in $(($(date +%s) - start)) s"
done
