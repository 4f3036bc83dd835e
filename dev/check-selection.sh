#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Do two data directories select the same? For every filesystem either
# has, each section the data names (plain names, those after a "!", a
# section named by no entry, and no --section at all), a grid of
# kernels (maintained and out
# of maintenance), a configuration with the conditions' symbols set and
# one with them unset (when some entry has "if"), and each environment
# switch alone (when some entry has env=), compare what "exclude" (test
# and kind) and "flaky" (test and retries) print. Only the tool reads
# the data: its "entries" JSON gives the section names and features.
#
# Usage: dev/check-selection.sh FEXP OLD_DATA NEW_DATA [FS...]
#   FS...: only these filesystems (default: every one of either).
# Prints "selection: N cells compared, M differ" and each differing cell
# (with the first lines of its diff); exits 1 when one differs, 2 on
# bad usage or when the tool fails.
#
# With CHECK_SELECTION_CONTROL=1 (make check sets it): first the negative
# control, NEW_DATA with one line dropped must differ from NEW_DATA.
# CHECK_SELECTION_KERNELS (releases) and CHECK_SELECTION_ENVS (switch
# sets: "-" for none, "a+b" for a and b together) make the grid smaller
# (dev/check-compact.sh); by default each switch is tried alone.
# CHECK_SELECTION_QUICK=1 leaves out the runs with no --section (the
# section no entry names stands for them).
set -u

if [ $# -lt 3 ]; then
	echo "usage: $0 FEXP OLD_DATA NEW_DATA [FS...]" >&2
	exit 2
fi
fexp=$1
old=$2
new=$3
shift 3
kernels=${CHECK_SELECTION_KERNELS:-"5.10.200 5.15.150 6.1.100 6.6.50 6.12.50
	 6.18.5 6.19-rc3 4.19.300 5.4.250 6.8.12"}
env_sets=${CHECK_SELECTION_ENVS:-"- large-disk fast gce"}
quick=${CHECK_SELECTION_QUICK:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The filesystems with a data file in dir or dir/eol
filesystems() {
	local f

	for f in "$1"/*.expunge "$1"/eol/*.expunge; do
		[ -e "$f" ] || continue
		f=${f##*/}
		[ "$f" = global.expunge ] || echo "${f%.expunge}"
	done
}

# features DIR FS: what the entries of fs (and global) in dir have, as
# "sections NAME...", "if", "env" lines
features() {
	local files=() f

	for f in "$1"/global.expunge "$1/$2.expunge" "$1"/eol/global.expunge \
		 "$1/eol/$2.expunge"; do
		[ -e "$f" ] && files+=("$f")
	done
	[ ${#files[@]} -gt 0 ] || return 0
	"$fexp" entries "${files[@]}" 2>/dev/null | python3 -c '
import json, re, sys
names, cond, env = set(), False, False
for line in sys.stdin:
    e = json.loads(line)
    for s in e["sections"] or []:
        # a name the line leaves out ("!NAME") is a cell too
        if re.fullmatch(r"!?[A-Za-z0-9_.+-]+", s):
            names.add(s.lstrip("!"))
    cond |= e["if"] is not None
    env |= e["env"] is not None
print("sections", " ".join(sorted(names)))
if cond: print("if")
if env: print("env")
'
}

# The configurations: every symbol a condition names set, and none set.
# The symbols come from the tool's JSON of the conditions, not the data.
configs() {
	local files=() f

	for f in "$old"/*.expunge "$old"/eol/*.expunge "$new"/*.expunge \
		 "$new"/eol/*.expunge; do
		[ -e "$f" ] && files+=("$f")
	done
	"$fexp" entries "${files[@]}" 2>/dev/null | python3 -c '
import json, re, sys
syms = set()
for line in sys.stdin:
    c = json.loads(line)["if"]
    if c:
        syms.update(re.findall(r"[A-Z][A-Z0-9_]+", c))
with open(sys.argv[1], "w") as y, open(sys.argv[2], "w") as n:
    for s in sorted(syms):
        y.write("CONFIG_%s=y\n" % s)
        n.write("# CONFIG_%s is not set\n" % s)
' "$work/config-y" "$work/config-n"
}

# select DIR FS KERNEL CONFIG ENV OUT SECTION...: the selection, one
# "SECTION TEST KIND" or "SECTION TEST RETRIES flaky" a line
select_cells() {
	local dir=$1 fs=$2 k=$3 cfg=$4 env=$5 out=$6 s args=()
	shift 6
	args=(--fs "$fs" --release "$k" --config "$cfg" --data "$dir")
	for s in ${env//+/ }; do
		args+=(--env "$s")
	done
	mkdir -p "$out.d"
	{
		[ "$quick" = 1 ] ||
			"$fexp" exclude "${args[@]}" || echo "FAILED exclude"
		"$fexp" exclude "${args[@]}" --outdir "$out.d" \
			$(printf -- '--section %s ' "$@") >/dev/null ||
			echo "FAILED exclude --outdir"
		# one awk for every section's file: "# section S" before its lines
		awk 'FNR == 1 { s = FILENAME; sub(/.*\//, "", s)
				sub(/\.exclude$/, "", s); print "# section " s }
		     { print }' $(printf -- "$out.d/%s.exclude " "$@")
		echo "# flaky"
		[ "$quick" = 1 ] ||
			"$fexp" flaky "${args[@]}" || echo "FAILED flaky"
		echo "# flaky sections"
		"$fexp" flaky "${args[@]}" $(printf -- '--section %s ' "$@") ||
			echo "FAILED flaky"
	} 2>/dev/null | awk '
		/^FAILED/ { print; next }
		/^# section / { sec = $3; next }
		/^# flaky$/ { sec = "-"; fl = 1; next }
		/^# flaky sections/ { next }
		/^# not expanded/ {
			g = $0; sub(/.*\): /, "", g); sub(/ # /, " ", g)
			sub(/:.*/, "", g); print sec, g; next }
		/^#/ { next }
		fl { print sec, $1, $2, "flaky"; next }
		{ k = $0; sub(/^[^#]*# /, "", k); sub(/[: ].*/, "", k)
		  print sec, $1, k }' | sort >"$out"
}

cells=0
differ=0
failed=0

# compare FS: every cell of one filesystem
compare_fs() {
	local fs=$1 sections feats k cfg env cfgs envs o n d
	feats=$( (features "$old" "$fs"; features "$new" "$fs") )
	sections=$(echo "$feats" | sed -n 's/^sections //p' | tr ' ' '\n' |
		   sort -u | grep .)
	sections="fstests_expunge_default $sections"
	cfgs=$work/config-y
	echo "$feats" | grep -qx if && cfgs="$cfgs $work/config-n"
	envs="-"
	echo "$feats" | grep -qx env && envs=$env_sets
	for k in $kernels; do
		for cfg in $cfgs; do
			for env in $envs; do
				[ "$env" = - ] && env=
				o=$work/old n=$work/new
				# shellcheck disable=SC2086
				select_cells "$old" "$fs" "$k" "$cfg" "$env" "$o" $sections &
				# shellcheck disable=SC2086
				select_cells "$new" "$fs" "$k" "$cfg" "$env" "$n" $sections
				wait
				if grep -q '^FAILED' "$o" "$n"; then
					failed=$((failed + 1))
					echo "tool failed: $fs $k ${cfg##*/} ${env:-no-env}"
				fi
				cells=$((cells + 1 - quick + $(echo $sections | wc -w)))
				if ! cmp -s "$o" "$n"; then
					d=$(diff "$o" "$n" | sed -n 's/^[<>] \([^ ]*\) .*/\1/p' |
					    sort -u | wc -l)
					differ=$((differ + d))
					echo "differs: fs $fs kernel $k config ${cfg##*/} env ${env:-none}: $d cells"
					diff "$o" "$n" | grep '^[<>]' | head -n 5 |
						sed 's/^/#   /'
				fi
			done
		done
	done
}

configs
if [ "${CHECK_SELECTION_CONTROL:-0}" = 1 ]; then
	# drop an unconditional expunge line of the largest file of NEW_DATA
	# (a fail line, which exclude leaves out too, where it has none)
	big=$(ls -S "$new"/*.expunge | head -n 1)
	line=$("$fexp" entries "$big" 2>/dev/null | python3 -c '
import json, sys
found = {}
for l in sys.stdin:
    e = json.loads(l)
    if e["kind"] != "flaky" and not (e["sections"] or e["since"] or
            e["fixed"] or e["until"] or e["if"] or e["env"]):
        found.setdefault(e["kind"], e["line"])
print(found.get("expunge", found.get("fail", "")))
')
	fs=${big##*/}
	fs=${fs%.expunge}
	if [ -z "$line" ]; then
		echo "negative control: $big has no unconditional expunge or fail line to drop"
		exit 1
	fi
	mkdir -p "$work/control"
	cp -r "$new"/. "$work/control/"
	sed -i "${line}d" "$work/control/$fs.expunge"
	(old=$new new=$work/control kernels=6.12.50 compare_fs "$fs" \
		>/dev/null; echo "$differ $cells") >"$work/control.out"
	read -r d c <"$work/control.out"
	echo "negative control: $fs.expunge:$line dropped: $d of $c cells differ"
	if [ "$d" = 0 ]; then
		echo "the negative control found no difference: the check is blind"
		exit 1
	fi
fi

if [ $# -eq 0 ]; then
	set -- $( (filesystems "$old"; filesystems "$new") | sort -u)
fi
for fs in "$@"; do
	compare_fs "$fs"
done
echo "selection: $cells cells compared ($# filesystems), $differ differ"
[ "$failed" = 0 ] || exit 2
[ "$differ" = 0 ]
