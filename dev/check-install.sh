#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# "make install DESTDIR=... prefix=/usr" and where each copy of the binary
# finds its data: the installed binary the installed data, the binary the
# build made (O=) the data/ of its tree, a lone copy its built-in data, a
# binary beside data/ that one; --data and
# FSTESTS_EXPUNGE_DATA before all of them.
#
# Usage: dev/check-install.sh KSRC BUILD_DIR
set -u

ksrc=$1
build=$2
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$top/tools/testing/fstests-expunge
t=$build/install-check

unset FSTESTS_EXPUNGE_DATA

. "$top/dev/lib.sh"

# expect_data WHAT BINARY [VAR=VALUE...] [-- ARGS...]: "kernel" must
# report the data WHAT (a regular expression over "DIR (FROM): FS...",
# made of its keys data, data_from and filesystems)
expect_data() {
	local what=$1 bin=$2 line vars=()
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	[ $# -eq 0 ] || shift
	declare -A key=()
	while IFS== read -r k v; do
		key[$k]=$v
	done < <(env "${vars[@]}" "$bin" kernel --format keys \
		 --release 6.6.30 --config "$t/config" "$@")
	line="${key[data]:-built in} (${key[data_from]}): ${key[filesystems]}"
	if [[ $line =~ ^$what$ ]]; then
		ok "$bin: $line"
	else
		bad "$bin: '$line', expected '$what'"
	fi
}

rm -rf "$t"
mkdir -p "$t/lone" "$t/beside/data" "$t/mydata" "$t/envdata"
printf 'CONFIG_MODULES=y\nCONFIG_EXT4_FS=y\n' >"$t/config"
printf '# SPDX-License-Identifier: GPL-2.0\ngeneric/001  expunge  # mine\n' \
	>"$t/mydata/mine.expunge"
printf '# SPDX-License-Identifier: GPL-2.0\ngeneric/002  expunge  # env\n' \
	>"$t/envdata/envfs.expunge"

make -s -C "$tool" KSRC="$ksrc" O="$build" install DESTDIR="$t/root" \
	prefix=/usr >"$t/install.log" 2>&1 ||
	{ cat "$t/install.log"; exit 1; }

# the files, where a distribution expects them
for f in usr/bin/fstests-expunge usr/share/man/man1/fstests-expunge.1 \
	 usr/share/bash-completion/completions/fstests-expunge; do
	if [ -s "$t/root/$f" ]; then ok "installed $f"; else bad "no $f"; fi
done
[ -x "$t/root/usr/bin/fstests-expunge" ] || bad "binary not executable"
for f in "$tool"/data/*.expunge; do
	if cmp -s "$f" "$t/root/usr/share/fstests-expunge/${f##*/}"; then
		ok "installed data ${f##*/}"
	else
		bad "data ${f##*/} not installed as it is"
	fi
done
if grep -q '^\.TH "FSTESTS-EXPUNGE" 1 ' \
		"$t/root/usr/share/man/man1/fstests-expunge.1"; then
	ok "man page in section 1"
else
	bad "man page has no .TH ... 1 header"
fi

inst=$t/root/usr/bin/fstests-expunge
cp "$inst" "$t/lone/fstests-expunge"
cp "$inst" "$t/beside/fstests-expunge"
cp "$tool"/data/*.expunge "$t/beside/data/"
names=$(cd "$tool/data" && ls *.expunge | sed 's/\.expunge$//' |
	grep -v '^global$' | tr '\n' ' ' | sed 's/ $//')

expect_data "$t/root/usr/bin/\.\./share/fstests-expunge \(installed\): $names" "$inst"
# the binary where the build put it reads this tree's data/, edits and all
expect_data "$(cd "$tool/data" && pwd -P) \(the source tree it was built from\): $names" \
	"$build/fstests-expunge"
expect_data "built in \(built in\): $names" "$t/lone/fstests-expunge"
# a copy beside someone else's data/ does not read it (no main.c there)
expect_data "built in \(built in\): $names" "$t/beside/fstests-expunge"
for bin in "$inst" "$t/lone/fstests-expunge"; do
	expect_data "$t/envdata \(FSTESTS_EXPUNGE_DATA\): envfs" "$bin" \
		FSTESTS_EXPUNGE_DATA="$t/envdata"
	expect_data "$t/mydata \(--data\): mine" "$bin" \
		FSTESTS_EXPUNGE_DATA="$t/envdata" -- --data "$t/mydata"
done

# the built-in copy says what the data directory says
for fs in $names; do
	"$t/lone/fstests-expunge" exclude --fs "$fs" --release 6.6.30 \
		--config "$t/config" | grep -v '^#' >"$t/builtin.out"
	"$t/lone/fstests-expunge" exclude --fs "$fs" --release 6.6.30 \
		--config "$t/config" --data "$tool/data" |
		grep -v '^#' >"$t/dir.out"
	if [ -s "$t/dir.out" ] && cmp -s "$t/builtin.out" "$t/dir.out"; then
		ok "built-in data for $fs is data/$fs.expunge"
	else
		bad "built-in data for $fs differs from data/$fs.expunge"
		diff "$t/dir.out" "$t/builtin.out"
	fi
done

# uninstall takes away every file install put there, and nothing else
touch "$t/root/usr/share/fstests-expunge/not-ours"
make -s -C "$tool" KSRC="$ksrc" O="$build" uninstall DESTDIR="$t/root" \
	prefix=/usr >"$t/uninstall.log" 2>&1 || cat "$t/uninstall.log"
left=$(cd "$t/root" && find . -type f | sort | tr '\n' ' ')
if [ "$left" = "./usr/share/fstests-expunge/not-ours " ]; then
	ok "make uninstall: every installed file gone, others kept"
else
	bad "make uninstall left: $left"
fi

# without rst2man, the man page made before is installed
rm -rf "$t/root"
if make -s -C "$tool" KSRC="$ksrc" O="$build" RST2MAN=/nonexistent/rst2man \
	install DESTDIR="$t/root" prefix=/usr >"$t/install2.log" 2>&1 &&
   cmp -s "$build/fstests-expunge.1" \
	"$t/root/usr/share/man/man1/fstests-expunge.1"; then
	ok "make install without rst2man: the man page made before"
else
	bad "make install without rst2man"
	cat "$t/install2.log"
fi

echo "$fails failed"
[ "$fails" -eq 0 ]
