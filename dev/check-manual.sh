#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The documentation says what the tool does: the man page builds with
# rst2man without a warning, it and the bash completion name every command
# and every option the --help texts name, and the version table of
# data-format.rst is what the tool decides.
#
# Usage: dev/check-manual.sh KSRC BUILD_DIR
set -u

ksrc=$1
build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$top/tools/testing/fstests-expunge
docs=$top/Documentation/filesystems/testing
man_rst=$docs/fstests-expunge.rst
comp=$tool/bash-completion/fstests-expunge
fexp=$build/fstests-expunge
t=$build/manual-check

unset FSTESTS_EXPUNGE_DATA

. "$top/dev/lib.sh"

rm -rf "$t"
mkdir -p "$t/data"

# "make man" always remakes it here, so rst2man's warnings are seen
rm -f "$build/fstests-expunge.1"
if make -s --no-print-directory -C "$tool" KSRC="$ksrc" O="$build" man \
	>"$t/man.log" 2>&1 &&
   [ -s "$build/fstests-expunge.1" ] && [ ! -s "$t/man.log" ]; then
	ok "make man: fstests-expunge.1, no warning"
else
	bad "make man"
	cat "$t/man.log"
fi

# offered WORD...: what the bash completion offers for the last word
offered() {
	(
		COMP_WORDS=("$fexp" "$@")
		COMP_CWORD=$#
		COMPREPLY=()
		# shellcheck source=/dev/null
		. "$comp"
		_fstests_expunge
		printf '%s\n' "${COMPREPLY[@]}" | sort
	)
}

# Commands and options come from the option tables: --list-cmds, and
# COMMAND --list-opts ("--fs FS", "-f FS", one a line), which --help is
# made from too.
commands=$("$fexp" --list-cmds)
[ -n "$commands" ] || bad "no commands in 'fstests-expunge --list-cmds'"
[ "$(offered "")" = "$(printf '%s\n' $commands --help --version | sort)" ] ||
	bad "completion: the commands are not those of --list-cmds"
for cmd in $commands; do
	[ "$cmd" = help ] && continue
	if grep -qx "$cmd" "$man_rst" &&
	   grep -q "^\*\*fstests-expunge\*\* \*\*$cmd\*\*" "$man_rst"; then
		ok "man page: section and synopsis of $cmd"
	else
		bad "man page: no section or synopsis for $cmd"
	fi
	opts=$("$fexp" "$cmd" --list-opts | grep -- '^--')
	while read -r opt arg; do
		[ "$opt" = --help ] && continue
		"$fexp" "$cmd" --help | grep -q -- "$opt\b" ||
			bad "$cmd --help: $opt not in it"
		grep -q -- "\*\*$opt\*\*" "$man_rst" ||
			bad "man page: $cmd $opt not described"
		case $arg in
		'') ;;
		*'|'*)	# OPT_CHOICE: every value described
			for v in ${arg//|/ }; do
				grep -q -- "\*\*$v\*\*" "$man_rst" ||
					bad "man page: $cmd $opt $v not described"
			done
			[ "$(offered "$cmd" "$opt" "")" = \
			  "$(printf '%s\n' ${arg//|/ } | sort)" ] ||
				bad "completion: $cmd $opt does not offer $arg"
			;;
		*)	# an argument name the completion knows what to do with
			grep -qE "^\s*([^ ]+ \| )*$arg( \| [^ ]+)*\)" "$comp" ||
				bad "completion: no case for $arg ($cmd $opt)"
			;;
		esac
	done <<<"$opts"
	[ "$(offered "$cmd" --)" = "$(sed 's/ .*//' <<<"$opts" | sort)" ] ||
		bad "completion: $cmd -- does not offer its --list-opts"
	ok "$cmd: --help, man page and completion from its option table"
done
# an argument from the data: the filesystems of --data
[ "$(offered exclude --data "$tool/data" --fs "")" = \
  "$(cd "$tool/data" && ls ./*.expunge | sed 's|^./||; s/\.expunge$//' |
     grep -vx global | sort)" ] ||
	bad "completion: exclude --fs does not offer the filesystems of --data"

# The example entries of data-format.rst parse (a warning is expected)
sed -n '/^One entry per line/,/^(The generic/p' "$docs/data-format.rst" |
	sed -n 's/^    //p' >"$t/data/example.expunge"
if "$fexp" check "$t/data/example.expunge" >"$t/example.log" 2>&1;
   [ $? -le 1 ] && grep -q '^5 entries in 1 files: 0 errors' "$t/example.log"; then
	ok "data-format.rst: the example entries parse"
else
	bad "data-format.rst: the example entries do not parse"
	cat "$t/example.log"
fi
rm -f "$t/data/example.expunge"

# The example table of data-format.rst, row by row
printf '# SPDX-License-Identifier: GPL-2.0\next4/032 fail fixed=6.9,6.6.30,6.1.90 # x\n' \
	>"$t/data/ext4.expunge"
printf 'CONFIG_MODULES=y\n' >"$t/config"
rows=0
while read -r kernel applies _; do
	out=$("$fexp" exclude --fs ext4 --data "$t/data" --release "$kernel" \
		--config "$t/config" | grep -c '^ext4/032 ')
	want=0
	[ "$applies" = yes ] && want=1
	rows=$((rows + 1))
	if [ "$out" = "$want" ]; then
		ok "data-format.rst: fixed=6.9,6.6.30,6.1.90 on $kernel: $applies"
	else
		bad "data-format.rst: fixed=6.9,6.6.30,6.1.90 on $kernel: says $applies, the tool disagrees"
	fi
done < <(sed -n '/^Kernel  *Applies/,/^$/p' "$docs/data-format.rst" |
	 grep -E '^[0-9]+\.[0-9]+[-.0-9rc]* +(yes|no) ')
[ "$rows" -ge 9 ] || bad "data-format.rst: the version table has $rows rows"

echo "$fails failed"
[ "$fails" -eq 0 ]
