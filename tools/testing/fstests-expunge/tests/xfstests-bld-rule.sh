# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2154
# xfstests-bld's own rule, the reference the data is judged against:
# for a filesystem, each of its configurations and each kernel, the
# tests its run leaves out: global_exclude, <fs>/exclude and
# <fs>/cfg/<cfg>.exclude, // comments stripped, run through cpp with
# LINUX_VERSION_CODE (and IS_DAX_CONFIG for dax), "-g GROUP" and
# exclude-opt's "-x GROUP" expanded into tests of a small fstests-like
# tree made here (the tool expands the data's group entries from the
# same tree, --fstests).
#
# Sourced (tests/agree-xfstests-bld.sh, dev/owner-figures.sh), not run.
# The caller sets:
#   fsdir    xfstests-bld's test-appliance/files/root/fs
#   work     a scratch directory: bld_tree writes $work/groups and
#            $work/fstests, bld_reference $work/ref/FS
#   kernels  the kernel releases, separated by blanks

# The fstests-like tree: two tests for each group the lists name, one
# of them in a second group too, and tests outside every group.
# $work/groups has a line "TEST auto GROUP PREVIOUS-GROUP" for each.
bld_tree() {
	local groups n=900 prev=quick g t

	mkdir -p "$work/fstests/tests/generic"
	groups=$( (cat "$fsdir"/*/exclude-opt 2>/dev/null
		   grep -rhoE -- '-g +[a-z0-9_-]+' "$fsdir") |
		  awk '{ print $2 }' | sort -u)
	: >"$work/groups"
	for g in $groups; do
		for t in $n $((n + 1)); do
			printf '#!/bin/bash\n. ./common/preamble\n_begin_fstest auto %s %s\n' \
				"$g" "$prev" >"$work/fstests/tests/generic/$t"
			echo "generic/$t auto $g $prev" >>"$work/groups"
			prev=$g
		done
		n=$((n + 2))
	done
	printf '_begin_fstest auto quick\n' >"$work/fstests/tests/generic/001"
}

# The configurations of a filesystem: its cfg/ names, else "default".
bld_cfgs() {
	local cfgs

	cfgs=$(find "$fsdir/$1/cfg" -mindepth 1 -maxdepth 1 -printf '%f\n' \
		2>/dev/null | sed -e 's/\.exclude$//' |
	       grep -v -e '\.list$' -e '^exclude-opt$' | sort -u)
	echo "${cfgs:-default}"
}

# A file that stands for a symbolic link (a copy without links): its
# target, else itself.
bld_resolve() {
	local f=$1 t
	while [ -f "$f" ] && [ "$(wc -l <"$f")" -le 1 ] &&
		t=$(cat "$f") && [[ $t == *.exclude && $t != */* ]] &&
		[ -f "$(dirname "$f")/$t" ]; do
		f=$(dirname "$f")/$t
	done
	echo "$f"
}

# One configuration's input to cpp: the files joined, // comments and
# blank lines gone, once per kernel after its LINUX_VERSION_CODE.
bld_cpp_input() {
	local fs=$1 cfg=$2 files=() f
	for f in "$fsdir/global_exclude" "$fsdir/$fs/exclude" \
		 "$fsdir/$fs/cfg/$cfg.exclude"; do
		[ -e "$f" ] && files+=("$(bld_resolve "$f")")
	done
	echo '#undef IS_DAX_CONFIG'
	[ "$cfg" = dax ] && echo '#define IS_DAX_CONFIG'
	sed -e 's;//.*;;' -e 's/[ \t]*$//' -e '/^$/d' "${files[@]}" |
	awk -v kernels="$kernels" -v cfg="$cfg" '
		{ body = body $0 "\n" }
		END {
			n = split(kernels, ks, /[ \n]+/)
			for (i = 1; i <= n; i++) {
				if (ks[i] == "")
					continue
				split(ks[i] ".0", v, ".")
				print "#undef LINUX_VERSION_CODE"
				printf "#define LINUX_VERSION_CODE KERNEL_VERSION(%d,%d,%d)\n",
					v[1], v[2], v[3]
				print "@KERNEL", ks[i], cfg
				printf "%s", body
			}
		}'
}

# xfstests-bld's rule for fs and each configuration given, in one cpp
# run (cpp starts slowly): the lines "KERNEL CFG TEST", -g GROUP and
# exclude-opt's -x GROUP expanded (bld_tree's $work/groups), into
# $work/ref/FS, unsorted.
bld_reference() {
	local fs=$1 cfg
	shift
	mkdir -p "$work/ref"
	{
		printf '#define KERNEL_VERSION(a,b,c) %s\n' \
			'(((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))'
		for cfg in "$@"; do
			bld_cpp_input "$fs" "$cfg"
		done
	} | (cd "$fsdir/$fs/cfg" 2>/dev/null || cd "$fsdir" || exit
	     cpp -P -I . -) |
	sed -e 's/#.*//' -e 's/[ \t]*$//' -e '/^$/d' |
	awk -v opts="$fsdir/$fs/exclude-opt" -v gf="$work/groups" '
		BEGIN {
			while ((getline l < gf) > 0) {
				n = split(l, w, " ")
				for (i = 2; i <= n; i++)
					members[w[i]] = members[w[i]] " " w[1]
			}
			while ((getline l < opts) > 0)
				if (split(l, w, " ") == 2 && w[1] == "-x")
					xg[w[2]] = 1
		}
		function add(t) { print k, cfg, t }
		function group(g,  m, i, n) {
			n = split(members[g], m, " ")
			for (i = 1; i <= n; i++)
				add(m[i])
		}
		/^@KERNEL / { k = $2; cfg = $3; for (g in xg) group(g); next }
		{
			for (i = 1; i <= NF; i++) {
				if ($i == "-g") { group($(i + 1)); i++ }
				else add($i)
			}
		}' >"$work/ref/$fs"
}
