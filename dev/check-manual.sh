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
fails=0

unset FSTESTS_EXPUNGE_DATA

ok() { echo "ok - $*"; }
bad() { echo "not ok - $*"; fails=$((fails + 1)); }

rm -rf "$t"
mkdir -p "$t/data"

# "make man" always remakes it here, so rst2man's warnings are seen
rm -f "$build/fstests-expunge.1"
if make -s -C "$tool" KSRC="$ksrc" O="$build" man >"$t/man.log" 2>&1 &&
   [ -s "$build/fstests-expunge.1" ] && [ ! -s "$t/man.log" ]; then
	ok "make man: fstests-expunge.1, no warning"
else
	bad "make man"
	cat "$t/man.log"
fi

commands=$("$fexp" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]\+\) .*/\1/p')
[ -n "$commands" ] || bad "no commands in 'fstests-expunge --help'"
for cmd in $commands; do
	[ "$cmd" = help ] && continue
	if grep -qx "$cmd" "$man_rst" &&
	   grep -q "^\*\*fstests-expunge\*\* \*\*$cmd\*\*" "$man_rst"; then
		ok "man page: section and synopsis of $cmd"
	else
		bad "man page: no section or synopsis for $cmd"
	fi
	grep -qw "$cmd)" "$comp" || bad "completion: no case for $cmd"
	grep -q "commands='.*\b$cmd\b" "$comp" ||
		bad "completion: $cmd not in its command list"
	for opt in $("$fexp" "$cmd" --help | grep -o -- '--[a-z][a-z-]*' |
		     sort -u); do
		grep -q -- "\*\*$opt\*\*" "$man_rst" ||
			bad "man page: $cmd $opt not described"
		grep -q -- "$opt\b" "$comp" ||
			bad "completion: $cmd $opt missing"
	done
done

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
