#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Everything "make check" runs: the build with -Werror, the unit tests
# (also under ASan and UBSan), checkpatch on every C file, the data lint,
# a build inside the kernel tree, and the overlay applied to whole kernel
# trees (6.1 and 6.12 by default). Each check prints "ok" or "not ok";
# the last line is "N passed, N failed", then ", N skipped" when unit
# tests were skipped.
#
# Usage: dev/check.sh KSRC BUILD_DIR [KERNEL_TREE...]
#   The overlay is applied to a scratch copy of each KERNEL_TREE and
#   proven there (dev/check-tree.sh).
set -u

ksrc=$1
build=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$top/tools/testing/fstests-expunge
log=$build/check-logs
. "$top/dev/lib.sh"

mkdir -p "$build" "$log"
skipped=0

# units NAME OUTDIR MAKEARGS...: build and run the unit tests, counting
# each test the harness reports; a skipped one ("ok N name # SKIP") is
# counted as skipped, not passed.
units() {
	local name=$1 out=$2 file=$log/$1-units.log p f s
	shift 2
	mkdir -p "$out"
	if ! make -s -C "$tool" KSRC="$ksrc" O="$out" "$@" tests \
		>"$log/$name-build.log" 2>&1; then
		fails=$((fails + 1))
		echo "not ok - $name: build tests (log: $log/$name-build.log)"
		tail -n 20 "$log/$name-build.log" | sed 's/^/#   /'
		return
	fi
	FEXP=$out/fstests-expunge sh "$tool/tests/run.sh" \
		"$out"/tests/*/*_test >"$file" 2>&1
	s=$(grep -c '^ok .*# SKIP' "$file")
	p=$(($(grep -c '^ok ' "$file") - s))
	f=$(grep -c '^not ok ' "$file")
	pass=$((pass + p))
	fails=$((fails + f))
	skipped=$((skipped + s))
	echo "$name: $p unit tests passed, $f failed, $s skipped (log: $file)"
	grep '^not ok ' "$file" | sed 's/^/#   /'
}

# The overlay applied to each kernel tree given (dev/check-tree.sh), one
# tree after the other, while the checks below run: each is a chain of
# steps that keep one CPU busy, and they share nothing but the read-only
# sources. Their reports are said after the checks below.
trees() {
	local t name nodocs
	for t in "$@"; do
		name=tree-$(basename "$t")
		nodocs=
		[ "$(cd "$t" && pwd)" != "$(cd "$ksrc" && pwd)" ] ||
			nodocs=--no-docs
		bash "$top/dev/check-tree.sh" "$t" "$build/$name" $nodocs \
			>"$log/$name.log" 2>&1
	done
}
trees "$@" &
trees_pid=$!
# interrupted: the trees' steps end too
trap 'kill 0' INT TERM
echo "kernel trees: $* (in the background; said at the end)"

step "build with -Werror" \
	make -C "$tool" KSRC="$ksrc" O="$build" EXTRA_CFLAGS=-Werror
units unit "$build" EXTRA_CFLAGS=-Werror
units asan "$build/asan" SANITIZE=1

# tests/run.sh counts what the harness says of each test: a pass, a
# failure, a skip, and a program that dies before its totals
runsh_counts() {
	local t=$build/run-sh-counts out
	rm -rf "$t" && mkdir -p "$t" || return 1
	printf '#!/bin/sh\necho "1..3"\necho "ok 1 f.a #  "\n%s\n%s\n' \
		'echo "ok 2 f.b # SKIP no tree"' 'echo "not ok 3 f.c"; exit 1' \
		>"$t/one_test"
	printf '#!/bin/sh\necho "1..1"\necho "ok 1 g.a"\n' >"$t/two_test"
	printf '#!/bin/sh\nexit 3\n' >"$t/dies_test"
	chmod +x "$t"/*_test
	out=$(sh "$tool/tests/run.sh" "$t/one_test" "$t/two_test" \
		"$t/dies_test") && return 1
	printf '%s\n' "$out"
	[ "$(printf '%s\n' "$out" | tail -n 1)" = "2 passed, 2 failed, 1 skipped" ]
}
step "unit tests: tests/run.sh counts passed, failed and skipped" runsh_counts

# every parser under libFuzzer, a few seconds each (make fuzz runs longer)
mkdir -p "$build/fuzz"
step "fuzz each parser for 3 s (libFuzzer: $(ls "$tool"/fuzz/fuzz_*.c | wc -l) targets)" \
	make -C "$tool" KSRC="$ksrc" O="$build/fuzz" CC=clang SANITIZE=fuzz \
	FUZZ_SECONDS=3 fuzz
grep -h '^fuzz_' "$log"/fuzz_each_parser*.log | sed 's/^/#   /'

# memcheck over a few commands: no error, no leak
step "valgrind: end-to-end commands without errors or leaks" \
	bash "$top/dev/check-valgrind.sh" "$build/fstests-expunge" "$tool" \
	"$build/valgrind"

# run --vm boots a real kernel (the set-up's Debian 6.12 package) briefly
step "run --vm: a real kernel under QEMU, a forced crash caught (dev/check-vm.sh)" \
	bash "$top/dev/check-vm.sh" "$build/fstests-expunge" "$top/.cache"
grep -h '^ok:\|^run --vm' "$log"/run_--vm*.log | sed 's/^/#   /'

step "data lint" "$build/fstests-expunge" check --data "$tool/data"

# The imported data against the lists of the other harnesses
agreement() {
	# The imported data selects what xfstests-bld itself selects (cpp over
	# its own lists), for every filesystem, configuration and a kernel grid
	step "import agrees with xfstests-bld's own selection" \
		bash "$tool/tests/agree-xfstests-bld.sh" "$build/fstests-expunge" \
		"$refdata/xfstests-bld" "$build/agree-xfstests-bld"
	grep -h '^xfstests-bld agreement' "$log"/import_agrees*.log | sed 's/^/#   /'

	# The shipped data (data/ and data/eol/) selects what xfstests-bld and
	# kdevops select at their own default selections, on their real lists
	step "shipped data selects what xfstests-bld and kdevops select (dev/check-shipped.sh)" \
		bash "$top/dev/check-shipped.sh" "$build/fstests-expunge" "$tool/data" \
		"$refdata" "$build/shipped-data"
	grep -h '^shipped data' "$log"/shipped_data*.log | sed 's/^/#   /'

	# Every test the owner's list (xfstests-bld's, for ext4) leaves out
	# stays left out, unless a pass of ours on that series says it runs
	step "owner's list: ext4 data leaves out what xfstests-bld does (dev/owner-figures.sh)" \
		bash "$top/dev/owner-figures.sh" "$build/fstests-expunge" \
		"$tool/data" "$refdata" "$build/owner-figures"
	grep -h '^owner figure: [0-9]' "$log"/owner_s_list__ext4*.log | sed 's/^/#   /'
	step "owner's list: the check names an owner's test the data runs or retries" \
		owner_catch

	# Compaction keeps what exclude and flaky select: the shipped data
	# with the harnesses' lists imported uncompacted, before and after
	# check --compact, on a quick grid, with a negative control
	step "compaction keeps the selection (dev/check-compact.sh)" \
		bash "$top/dev/check-compact.sh" "$build/fstests-expunge" \
		"$tool/data" "$refdata" "$build/check-compact"
	grep -hE '^(compact|negative control|selection):' \
		"$log"/compaction_keeps*.log | sed 's/^/#   /'

	# The kdevops import covers what kdevops itself selects, on its real lists
	step "kdevops import covers what kdevops passes to check -E (dev/check-kdevops.sh)" \
		bash "$top/dev/check-kdevops.sh" "$build/fstests-expunge" \
		"$refdata/kdevops" "$build/kdevops-agreement"
	grep -h '^kdevops agreement' "$log"/kdevops_import_covers*.log | sed 's/^/#   /'
}

# The owner's list decides for ext4 (dev/owner-figures.sh), and the
# check names a test of it the data runs (its line dropped) or makes
# flaky, with no pass of ours behind it
owner_catch() {
	local t=$build/owner-catch out
	rm -rf "$t" && mkdir -p "$t" && cp -r "$tool/data" "$t/data" || return 1
	sed -i -e '/^generic\/223 .*from=bld:ext4/d' \
		-e 's/^\(generic\/388\) expunge \(.*from=bld:ext4\)/\1 flaky \2/' \
		"$t/data/ext4.expunge"
	out=$(bash "$top/dev/owner-figures.sh" "$build/fstests-expunge" \
		"$t/data" "$refdata" "$t/work") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q '^violation: 4k generic/223 6.1.150: run, no passed= on 6.1$' &&
	printf '%s\n' "$out" | grep -q '^violation: 1k generic/388 6.18.44: flaky (ext4.expunge:[0-9]*), no passed= on 6.18$' &&
	printf '%s\n' "$out" | grep -q '^6.12.50: .*; flaky 43 (with passed= 0); run 43 (with passed= 0)$'
}

# The other harnesses' real lists (REFDATA, else ../shared/refdata):
# without them these four checks are skipped with one line saying what
# is missing (dev/refdata.sh), unless CI is set or REFDATA names them.
refdata=${REFDATA:-$top/../shared/refdata}
why=$(bash "$top/dev/refdata.sh" "$refdata")
case $? in
0)	agreement ;;
1)	echo "skip - $why" ;;
*)	bad "$why" ;;
esac
step "reference lists: missing, skipped; under CI or REFDATA, failed (dev/check-refdata.sh)" \
	bash "$top/dev/check-refdata.sh" "$build/check-refdata"

step "data config symbols exist in the tree's Kconfig" \
	"$build/fstests-expunge" check --srctree "$ksrc" --data "$tool/data"

# every C file of the tool: main.c, its layers, tests and fuzz targets
csrc=$(cd "$tool" && find . -path ./tests/fixtures -prune -o \
	-name '*.[ch]' -print | sed 's|^\./||' | LC_ALL=C sort)
for f in $csrc; do
	f=$tool/$f
	# libxml2's, libelf's and zstd's APIs are CamelCase: not ours to change
	camel=
	grep -qE '^#include <(libxml/|(gelf|libelf|elf|zstd)\.h>)' "$f" &&
		camel="--ignore CAMELCASE"
	# libFuzzer names the entry point of a fuzz target
	case $f in */fuzz/*) camel="--ignore CAMELCASE" ;; esac
	step "checkpatch ${f#"$top"/}" \
		perl "$ksrc/scripts/checkpatch.pl" --strict --no-tree -q \
		$camel -f "$f"
done

# One table says which folders each folder may include (USES.* in the
# Makefile; dev/check-layers.sh), and the check catches an include that
# goes up, sideways or to a command header, and a row that reaches up
layers_catch() {
	local t=$build/layers-catch out
	rm -rf "$t" && mkdir -p "$t" &&
	(cd "$tool" && tar -cf - --exclude=./tests/fixtures --exclude=./data .) |
		tar -xf - -C "$t" || return 1
	echo '#include "cmd/cmd.h"' >>"$t/lib/strmap.c"
	echo '#include "compare/side.h"' >>"$t/results/results.c"
	echo '#include "import/import.h"' >>"$t/compare/compare.c"
	echo '#include "util.h"' >>"$t/kernel/version.c"
	sed -i 's/^USES\.kernel  *:= lib$/& entries/' "$t/Makefile"
	out=$(bash "$top/dev/check-layers.sh" "$t") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q '^lib/strmap.c:[0-9]*: .*a command header outside cmd/' &&
	printf '%s\n' "$out" | grep -q '^results/results.c:[0-9]*: .*results/ may not include compare/' &&
	printf '%s\n' "$out" | grep -q '^compare/compare.c:[0-9]*: .*compare/ may not include import/' &&
	printf '%s\n' "$out" | grep -q '^kernel/version.c:[0-9]*: .*not a project header named by its folder' &&
	printf '%s\n' "$out" | grep -q '^Makefile:[0-9]*: USES.kernel names entries, whose row is not below it' &&
	printf '%s\n' "$out" | grep -q ', 5 outside the rules$'
}
step "layers: every include goes to a folder its row in the Makefile names" \
	bash "$top/dev/check-layers.sh" "$tool"
step "layers: the check names an include up or sideways, and a row that reaches up" \
	layers_catch

# No include cycle between modules (FILE.c with FILE.h;
# dev/check-cycles.py), and the check names two cycles planted
cycles_catch() {
	local t=$build/cycles-catch out
	rm -rf "$t" && mkdir -p "$t" &&
	(cd "$tool" && tar -cf - --exclude=./tests --exclude=./data .) |
		tar -xf - -C "$t" || return 1
	echo '#include "kernel/kcond.h"' >>"$t/kernel/kcond-lex.h"
	echo '#include "entries/entry.h"' >>"$t/entries/entry-keys.h"
	out=$(python3 "$top/dev/check-cycles.py" "$t") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q '^cycle of [0-9]* modules (.*): kernel/kcond -> kernel/kcond-lex -> kernel/kcond (kernel/kcond.h:[0-9]*, kernel/kcond-lex.h:[0-9]*)$' &&
	printf '%s\n' "$out" | grep -q '^cycle of 2 modules (entries/entry entries/entry-keys): ' &&
	printf '%s\n' "$out" | grep -q ', 2 cycles$'
}
step "cycles: no include cycle between modules (dev/check-cycles.py)" \
	python3 "$top/dev/check-cycles.py" "$tool"
step "cycles: the check names the include cycles planted" cycles_catch

step "no C function over 80 lines (dev/check-functions.sh)" \
	bash "$top/dev/check-functions.sh" $(for f in $csrc; do
		case $f in fuzz/*) ;; *) echo "$tool/$f" ;; esac; done)

# Commands are thin (dev/check-commands.sh), and the check names a
# command file and a command function that grew too long
commands_catch() {
	local t=$build/commands-catch out i
	rm -rf "$t" && mkdir -p "$t" && cp -r "$tool/cmd" "$t/" || return 1
	for i in $(seq 150); do echo "/* $i */"; done >>"$t/cmd/cmd-flaky.c"
	{ printf 'int long_one(void)\n{\n'
	  for i in $(seq 50); do echo "	;"; done
	  printf '}\n'; } >>"$t/cmd/cmd-kernel.c"
	out=$(bash "$top/dev/check-commands.sh" "$t") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q '^cmd/cmd-flaky.c: [0-9]* lines' &&
	printf '%s\n' "$out" | grep -q '^cmd/cmd-kernel.c:[0-9]*: long_one() is 52 lines' &&
	printf '%s\n' "$out" | grep -q ', 2 over the limits$'
}
step "commands: no cmd/ file over 150 lines, no function there over 50" \
	bash "$top/dev/check-commands.sh" "$tool"
step "commands: the check names a command that grew" commands_catch

step "apply script on made-up trees (dev/check-apply.sh)" \
	bash "$top/dev/check-apply.sh" "$build/check-apply" "$ksrc"

# The trees' reports (started at the top), each whole and in order
wait "$trees_pid"
for t in "$@"; do
	name=tree-$(basename "$t")
	cat "$log/$name.log"
	pass=$((pass + $(grep -c '^ok ' "$log/$name.log")))
	fails=$((fails + $(grep -c '^not ok ' "$log/$name.log")))
	grep -q '^ok ' "$log/$name.log" || fails=$((fails + 1))
done

# The overlay inside a kernel tree, built as "make -C tools/testing/..."
intree() {
	local t=$build/tree
	rm -rf "$t"
	mkdir -p "$t/tools/testing" "$t/out"
	for d in scripts tools/scripts tools/include tools/testing/selftests \
		 include; do
		mkdir -p "$t/$(dirname "$d")"
		ln -s "$ksrc/$d" "$t/$d"
	done
	cp -r "$tool" "$t/tools/testing/fstests-expunge"
	make -C "$t/tools/testing/fstests-expunge" clean &&
	make -C "$t/tools/testing/fstests-expunge" O="$t/out" &&
	"$t/out/fstests-expunge" check --data "$tool/data"
}
step "build inside a kernel tree" intree

# Installation and documentation (dev/check-*.sh say what each checks)
step "make install: files, and where each binary finds its data" \
	bash "$top/dev/check-install.sh" "$ksrc" "$build"
step "man page and bash completion cover every command and option" \
	bash "$top/dev/check-manual.sh" "$ksrc" "$build"

# Each option's facts once: the man page's synopses and items say what
# the option tables say (dev/check-options.py), and the check names an
# option whose item is gone
rst=$top/Documentation/filesystems/testing/fstests-expunge.rst
# an option whose item is gone, a SYNOPSIS line broken elsewhere than
# --help breaks it, and an item whose default is not --help's
options_catch() {
	local t=$build/options-catch.rst out
	grep -v '^\*\*--origin\*\* \*NAME\*' "$rst" |
		sed -e 's/^\(| \*\*fstests-expunge\*\* \*\*update\*\* .*\) \[\*\*--min-runs\*\* \*N\*\]$/\1\n|       [**--min-runs** *N*]/' \
		    -e '/^\*\*--passes\*\* \*K\*$/,/^$/s/(default 5)/(default 4)/' \
		>"$t" || return 1
	out=$(python3 "$top/dev/check-options.py" "$build/fstests-expunge" \
		"$t") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q 'compare: --origin is no item of its section' &&
	printf '%s\n' "$out" | grep -q "update --help synopsis is not the man page's" &&
	printf '%s\n' "$out" | grep -q 'update: --passes: --help says "default 5", its item does not' &&
	printf '%s\n' "$out" | grep -q '^options: 3 differences'
}
# ... and names an option left out of a --help synopsis or option list
help_catch() {
	local w=$build/options-catch-fexp out
	cat >"$w" <<-EOF || return 1
	#!/bin/sh
	case "\$1 \$2" in
	"archive --help") "$build/fstests-expunge" "\$@" |
		sed 's/ \\[--fstests DIR\\]//' ;;
	"compare --help") "$build/fstests-expunge" "\$@" |
		grep -v '^  *--origin NAME' ;;
	"kernel --help") "$build/fstests-expunge" "\$@" |
		sed 's/\[--format text|keys|json\]/[--format text|json]/' ;;
	*) exec "$build/fstests-expunge" "\$@" ;;
	esac
	EOF
	chmod +x "$w"
	out=$(python3 "$top/dev/check-options.py" "$w" "$rst") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q 'archive --help synopsis: --fstests missing' &&
	printf '%s\n' "$out" | grep -q "archive --help synopsis is not the man page's" &&
	printf '%s\n' "$out" | grep -q 'compare --help: --origin is not in its option list' &&
	printf '%s\n' "$out" | grep -q 'kernel --help synopsis: --format text|json: the table says --format text|keys|json' &&
	printf '%s\n' "$out" | grep -q '^options: 7 differences'
}
step "man page and --help: synopses, items and lists are the option tables (dev/check-options.py)" \
	python3 "$top/dev/check-options.py" "$build/fstests-expunge" "$rst"
step "man page: the check names an option left out, a line broken elsewhere, a default" \
	options_catch
step "--help: the check names an option left out, an argument not the table's" \
	help_catch
# The samples of usage.rst are the tool's output (dev/check-samples.py),
# and the check names a sample the tool no longer prints
samples_catch() {
	local t=$build/check-samples-catch out
	rm -rf "$t" && mkdir -p "$t" || return 1
	sed 's/^\(       data:     built in\): /\1 (built in): /' \
		"$top/Documentation/filesystems/testing/usage.rst" >"$t/usage.rst"
	out=$(python3 "$top/dev/check-samples.py" "$build/fstests-expunge" \
		"$t/usage.rst" -- "$t/w") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q '^not ok - usage.rst:[0-9]*: fstests-expunge kernel:'
}
step "usage.rst: its samples are the tool's output (dev/check-samples.py)" \
	python3 "$top/dev/check-samples.py" "$build/fstests-expunge" \
	"$top/Documentation/filesystems/testing/usage.rst" -- "$build/check-samples"
step "usage.rst: the check names a sample the tool does not print" samples_catch
# The README lists every page of the documentation
readme_pages() {
	local f missing=
	for f in "$top"/Documentation/filesystems/testing/*.rst; do
		f=${f##*/}
		[ "$f" = index.rst ] && continue
		grep -q "^- \`$f\`" "$top/README.md" || missing="$missing $f"
	done
	echo "not in the README's list of pages:${missing:- none}"
	[ -z "$missing" ]
}
step "README: every documentation page in its list" readme_pages

# make run fits a screen or two (dev/check-run.sh), and the check names
# a run that prints every exclude file, as make run did
run_catch() {
	local t=$build/check-run-catch out
	rm -rf "$t" && mkdir -p "$t" || return 1
	cat >"$t/run-all.sh" <<'SH'
"$1" kernel
for fs in $("$1" kernel --format keys | sed -n 's/^filesystems=//p'); do
	echo "== $fs"; "$1" exclude --fs "$fs" 2>&1
done
SH
	out=$(bash "$top/dev/check-run.sh" "$build/fstests-expunge" "$t/w" \
		"$t/run-all.sh") && return 1
	printf '%s\n' "$out"
	printf '%s\n' "$out" | grep -q '^not ok - make run: .* lines, more than'
}
step "make run: the kernel, a line per filesystem, ext4's file (dev/check-run.sh)" \
	bash "$top/dev/check-run.sh" "$build/fstests-expunge" "$build/check-run"
step "make run: the check names a run that prints every file" run_catch
step "compare's KCIDB, email and HTML reports read back (dev/check-reports.sh)" \
	bash "$top/dev/check-reports.sh" "$build/fstests-expunge" "$build/reports"
step "archive and matrix: JSON and pages against known answers (dev/check-matrix.py)" \
	python3 "$top/dev/check-matrix.py" "$build/fstests-expunge" "$tool" \
	"$build/matrix-check"
step "KTAP report as the kernel's kunit.py parse reads it" \
	bash "$top/dev/check-ktap.sh" "$ksrc" "$build"
step "sphinx: our pages add no warning to filesystems htmldocs" \
	bash "$top/dev/check-docs.sh" "$ksrc" "$build/docs"

if [ "$skipped" -gt 0 ]; then
	echo "$pass passed, $fails failed, $skipped skipped"
else
	echo "$pass passed, $fails failed"
fi
[ "$fails" -eq 0 ]
