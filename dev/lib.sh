# SPDX-License-Identifier: GPL-2.0
# What the dev/check*.sh scripts share; sourced, not run. Each check
# prints "ok - ..." or "not ok - ..."; pass and fails count them.
#
#   ok TEXT, bad TEXT       say one result
#   step NAME CMD...        run CMD, its output in $log/NAME.log (log must
#                           be set); ok with the time it took, or not ok
#                           with the end of the log. $step_prefix, if
#                           set, starts every NAME ("6.1: ").

pass=0
fails=0

ok() {
	pass=$((pass + 1))
	echo "ok - $*"
}

bad() {
	fails=$((fails + 1))
	echo "not ok - $*"
}

step() {
	local name=${step_prefix:-}$1 file t0
	shift
	file=$log/$(printf '%s' "$name" | tr -c 'A-Za-z0-9_.-' '_').log
	t0=$(date +%s.%N)
	if "$@" >"$file" 2>&1; then
		ok "$name ($(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $t0 }") s)"
	else
		bad "$name (log: $file)"
		# the unit tests that failed, each with what it logged
		if grep -q '^not ok ' "$file"; then
			grep -B 12 -m 3 '^not ok ' "$file" | sed 's/^/#   /'
			echo '#   [...]'
		fi
		tail -n 20 "$file" | sed 's/^/#   /'
	fi
}
