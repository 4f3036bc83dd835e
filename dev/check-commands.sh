#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Commands are thin: a file of cmd/ parses and checks its options, makes
# one call into the layers below and writes what it gets back. No file
# of cmd/ is over 150 lines, no function in one over 50; each that is
# over is named with its size.
#
# Usage: dev/check-commands.sh TOOL_DIR
set -u

tool=${1:?usage: $0 TOOL_DIR}
max_lines=150
max_func=50
bad=0

for f in "$tool"/cmd/*.c; do
	n=$(wc -l <"$f")
	if [ "$n" -gt "$max_lines" ]; then
		echo "${f#"$tool"/}: $n lines (a command file has at most $max_lines)"
		bad=$((bad + 1))
	fi
done
out=$(bash "$(dirname "$0")/check-functions.sh" -m "$max_func" \
	"$tool"/cmd/*.c) || bad=$((bad + $(printf '%s\n' "$out" | grep -c .)))
[ -z "$out" ] || printf '%s\n' "$out" | sed "s|^$tool/||"

echo "commands: $(ls "$tool"/cmd/*.c | wc -l) files, $bad over the limits"
[ "$bad" -eq 0 ]
