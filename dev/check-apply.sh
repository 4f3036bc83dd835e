#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# scripts/fstests-expunge-apply on small made-up trees, for what the real
# trees do not show: entries out of order, an entry without F: lines,
# X: lines, a missing entry, an unrouted data file, an overlay that is not
# a git checkout, symlinked files, a tools/Makefile without selftests; and
# a git checkout of the overlay with build products in it (*.o, *.d with
# absolute paths, a library, the binary, a stray file): only what git
# tracks is listed, applied and, with KSRC, in the patch series.
#
# Usage: dev/check-apply.sh WORKDIR [KSRC]
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
apply=$top/scripts/fstests-expunge-apply
mkdir -p "$1" && work=$(cd "$1" && pwd) || exit 2
. "$top/dev/lib.sh"

# expect NAME FILE: FILE has what standard input has
expect() {
	if diff -u - "$2" >"$work/diff"; then
		ok "$1"
	else
		bad "$1"
		sed 's/^/#   /' "$work/diff"
	fi
}

# A tree: MAINTAINERS with entries out of order around where ours goes
mktree() {
	local t=$1
	rm -rf "$t"
	mkdir -p "$t/tools" "$t/Documentation/filesystems"
	cat >"$t/MAINTAINERS" <<'EOF'
List of maintainers
===================

	M: *Mail* patches to: FullName <address@domain>

Maintainers List
----------------

ABC DRIVER
M:	A B <ab@example.org>
S:	Maintained
F:	drivers/abc/

ZZ MISPLACED DRIVER
M:	Z Z <zz@example.org>
S:	Maintained
F:	drivers/zz/

EXT4 FILE SYSTEM
M:	E Four <e4@example.org>
L:	linux-ext4@example.org
S:	Maintained
F:	fs/ext4/
F:	include/trace/events/ext4.h
X:	fs/ext4/ignored/

FSNOTIFY: FILESYSTEM NOTIFICATION INFRASTRUCTURE
M:	F N <fn@example.org>
S:	Maintained
F:	fs/notify/

FSVERITY: READ-ONLY FILE-BASED AUTHENTICITY PROTECTION
M:	F V <fv@example.org>
S:	Maintained
F:	fs/verity/

XFS FILESYSTEM
C:	irc://irc.example.org/xfs
M:	X F S <xfs@example.org>
S:	Supported
N:	xfs

THE REST
M:	Linus <linus@example.org>
S:	Buried alive in reporters
F:	*
F:	*/
EOF
	cat >"$t/tools/Makefile" <<'EOF'
# SPDX-License-Identifier: GPL-2.0
include scripts/Makefile.include

help:
	@echo '  acpi                   - ACPI tools'
	@echo '  usb                    - USB testing tools'

usb: FORCE
	$(call descend,$@)

all: acpi usb

install: acpi_install usb_install

clean: acpi_clean usb_clean

.PHONY: FORCE
EOF
	printf 'Filesystems\n===========\n\n.. toctree::\n\n   ext4/index\n' \
		>"$t/Documentation/filesystems/index.rst"
}

# An overlay that is not a git checkout, with build products in it
mkoverlay() {
	local o=$1 d=$1/tools/testing/fstests-expunge
	rm -rf "$o"
	mkdir -p "$d/data" "$d/gen" "$d/tests/cmd" "$o/scripts" \
		"$o/Documentation/filesystems/testing"
	printf 'all:\n' >"$d/Makefile"
	printf '/fstests-expunge\n/gen/\n/tests/*/*_test\n' >"$d/.gitignore"
	printf '# SPDX-License-Identifier: GPL-2.0\n' >"$d/data/global.expunge"
	cp "$d/data/global.expunge" "$d/data/ext4.expunge"
	cp "$d/data/global.expunge" "$d/data/xfs.expunge"
	: >"$d/main.c"
	: >"$d/main.o"
	echo "$d/main.o: $d/main.c" >"$d/main.d"
	: >"$d/tests/libfexp.a"
	: >"$d/fstests-expunge"
	: >"$d/gen/builtin-data.c"
	: >"$d/tests/cmd/cli_test.c"
	: >"$d/tests/cmd/cli_test"
	printf '#!/bin/sh\n' >"$o/scripts/fstests-expunge-apply"
	chmod +x "$o/scripts/fstests-expunge-apply"
	: >"$o/Documentation/filesystems/testing/index.rst"
	cat >"$o/MAINTAINERS.fstests-expunge" <<'EOF'
# SPDX-License-Identifier: GPL-2.0
# comment

FSTESTS-EXPUNGE: A TOOL
M:	T Ool <tool@example.org>
S:	Maintained
F:	Documentation/filesystems/testing/
F:	scripts/fstests-expunge-*
F:	tools/testing/fstests-expunge/

XFS FILESYSTEM
F:	tools/testing/fstests-expunge/data/xfs.expunge

EXT4 FILE SYSTEM
F:	tools/testing/fstests-expunge/data/ext4.expunge
EOF
}

t=$work/tree
o=$work/overlay
mktree "$t"
mkoverlay "$o"
cp "$t/MAINTAINERS" "$work/MAINTAINERS.orig"
"$apply" -q -o "$o" "$t"
diff -u "$work/MAINTAINERS.orig" "$t/MAINTAINERS" | tail -n +3 |
	grep '^[-+@]' >"$work/got"
# Ours between FSNOTIFY and FSVERITY although ZZ is out of order; ext4's
# line after its F: lines, before X:; xfs has no F:, so before N:.
expect "MAINTAINERS: entry in order, F: lines where they belong" \
	"$work/got" <<'EOF'
@@ -22,6 +22,7 @@
+F:	tools/testing/fstests-expunge/data/ext4.expunge
@@ -29,6 +30,13 @@
+FSTESTS-EXPUNGE: A TOOL
+M:	T Ool <tool@example.org>
+S:	Maintained
+F:	Documentation/filesystems/testing/
+F:	scripts/fstests-expunge-*
+F:	tools/testing/fstests-expunge/
+
@@ -38,6 +46,7 @@
+F:	tools/testing/fstests-expunge/data/xfs.expunge
EOF

(cd "$t" && find . -type f | LC_ALL=C sort) >"$work/got"
expect "files: sources copied, build products left out" "$work/got" <<'EOF'
./Documentation/filesystems/index.rst
./Documentation/filesystems/testing/index.rst
./MAINTAINERS
./scripts/fstests-expunge-apply
./tools/Makefile
./tools/testing/fstests-expunge/.gitignore
./tools/testing/fstests-expunge/Makefile
./tools/testing/fstests-expunge/data/ext4.expunge
./tools/testing/fstests-expunge/data/global.expunge
./tools/testing/fstests-expunge/data/xfs.expunge
./tools/testing/fstests-expunge/main.c
./tools/testing/fstests-expunge/tests/cmd/cli_test.c
EOF

if [ -x "$t/scripts/fstests-expunge-apply" ] &&
   [ ! -x "$t/tools/testing/fstests-expunge/main.c" ]; then
	ok "files: the executable bit follows the overlay"
else
	bad "files: the executable bit follows the overlay"
fi

expect "tools/Makefile: appended where there is no selftests" \
	"$t/tools/Makefile" <<'EOF'
# SPDX-License-Identifier: GPL-2.0
include scripts/Makefile.include

help:
	@echo '  acpi                   - ACPI tools'
	@echo '  fstests-expunge        - fstests known failures and result comparison'
	@echo '  usb                    - USB testing tools'

usb: FORCE
	$(call descend,$@)

all: acpi usb fstests-expunge

install: acpi_install usb_install fstests-expunge_install

clean: acpi_clean usb_clean fstests-expunge_clean

.PHONY: FORCE

fstests-expunge: FORCE
	$(call descend,testing/$@)

fstests-expunge_install:
	$(call descend,testing/$(@:_install=),install)

fstests-expunge_clean:
	$(call descend,testing/$(@:_clean=),clean)
EOF

if grep -qx '   testing/index' "$t/Documentation/filesystems/index.rst"; then
	ok "index.rst links testing/index"
else
	bad "index.rst links testing/index"
fi

(cd "$t" && find . -type f -exec sha1sum {} + | sort) >"$work/sum1"
if "$apply" -q --check -o "$o" "$t" &&
   "$apply" -o "$o" "$t" >"$work/out" &&
   grep -q 'nothing to change' "$work/out" &&
   (cd "$t" && find . -type f -exec sha1sum {} + | sort) |
   cmp -s - "$work/sum1"; then
	ok "applying twice changes nothing"
else
	bad "applying twice changes nothing"
fi

# The edited files as symlinks to a tree that must stay as it was
mktree "$work/ro"
mktree "$t"
for f in MAINTAINERS tools/Makefile Documentation/filesystems/index.rst; do
	ln -sf "$work/ro/$f" "$t/$f"
done
(cd "$work/ro" && find . -type f -exec sha1sum {} + | sort) >"$work/sum1"
"$apply" -q --check -o "$o" "$t"
rc=$?
"$apply" -q -o "$o" "$t"
if [ $rc -eq 1 ] && [ ! -L "$t/MAINTAINERS" ] &&
   grep -q fstests-expunge "$t/MAINTAINERS" &&
   (cd "$work/ro" && find . -type f -exec sha1sum {} + | sort) |
   cmp -s - "$work/sum1"; then
	ok "--check says 1; symlinked files are replaced, not written through"
else
	bad "--check says 1; symlinked files are replaced, not written through"
fi

# Only some files: their MAINTAINERS lines, nothing else; the tool's own
# entry covers the data file too, so it comes with it
mktree "$t"
echo tools/testing/fstests-expunge/data/ext4.expunge >"$work/list"
"$apply" -q -o "$o" --files-from "$work/list" -s files -s maintainers "$t"
diff "$work/MAINTAINERS.orig" "$t/MAINTAINERS" | sed 's/ *$//' >"$work/got"
(cd "$t" && find tools/testing -type f) >>"$work/got"
expect "--files-from: only those files and their F: lines" "$work/got" <<'EOF'
24a25
> F:	tools/testing/fstests-expunge/data/ext4.expunge
30a32,36
>
> FSTESTS-EXPUNGE: A TOOL
> M:	T Ool <tool@example.org>
> S:	Maintained
> F:	tools/testing/fstests-expunge/
tools/testing/fstests-expunge/data/ext4.expunge
EOF

# Errors: a route to an entry the tree lacks, a data file with no route
mktree "$t"
sed -i 's/^XFS FILESYSTEM$/XFS FILE SYSTEM/' "$o/MAINTAINERS.fstests-expunge"
"$apply" -q -o "$o" "$t" 2>"$work/err"
rc=$?
if [ $rc -eq 1 ] && grep -q \
   "MAINTAINERS.fstests-expunge:11: MAINTAINERS of this tree has no entry 'XFS FILE SYSTEM'" \
   "$work/err" && [ ! -e "$t/tools/testing" ] &&
   cmp -s "$t/MAINTAINERS" "$work/MAINTAINERS.orig"; then
	ok "an entry the tree lacks: exit 1, file and line named, tree unchanged"
else
	bad "an entry the tree lacks: exit 1, file and line named, tree unchanged"
	sed 's/^/#   /' "$work/err"
fi

mkoverlay "$o"
: >"$o/tools/testing/fstests-expunge/data/f2fs.expunge"
"$apply" -q -o "$o" "$t" 2>"$work/err"
rc=$?
if [ $rc -eq 1 ] &&
   grep -q 'no entry routes tools/testing/fstests-expunge/data/f2fs.expunge' \
   "$work/err"; then
	ok "an unrouted data file: exit 1, named"
else
	bad "an unrouted data file: exit 1, named"
	sed 's/^/#   /' "$work/err"
fi

# A branch's own data change (a backport added a line): never lost
mktree "$t"
mkoverlay "$o"
"$apply" -q -o "$o" "$t"
data=$t/tools/testing/fstests-expunge/data/ext4.expunge
echo 'ext4/001  fail  # a backport of this branch' >>"$data"
cp "$data" "$work/branch-data"
printf 'generic/002  fail  # new in the overlay\n' \
	>>"$o/tools/testing/fstests-expunge/data/ext4.expunge"
"$apply" -q -o "$o" "$t" 2>"$work/err"
rc=$?
if [ $rc -eq 1 ] && cmp -s "$data" "$work/branch-data" &&
   grep -q 'data/ext4.expunge:2: ext4/001  fail  # a backport of this branch' \
	"$work/err"; then
	ok "a branch's data line the overlay lacks: refused, line named, tree unchanged"
else
	not_ok "a branch's data line the overlay lacks: refused, line named, tree unchanged (exit $rc)"
	sed 's/^/#   /' "$work/err"
fi
"$apply" -q -o "$o" --force "$t" 2>"$work/err"
if [ $? -eq 0 ] && cmp -s "$data" "$o/tools/testing/fstests-expunge/data/ext4.expunge"; then
	ok "--force replaces the branch's data"
else
	not_ok "--force replaces the branch's data"
fi
# the overlay only adding lines to what the tree has is no conflict
printf 'generic/003  fail  # newer still\n' \
	>>"$o/tools/testing/fstests-expunge/data/ext4.expunge"
if "$apply" -q -o "$o" "$t" 2>"$work/err" &&
   cmp -s "$data" "$o/tools/testing/fstests-expunge/data/ext4.expunge"; then
	ok "lines the overlay adds are applied"
else
	not_ok "lines the overlay adds are applied"
	sed 's/^/#   /' "$work/err"
fi

"$apply" -q -o "$o" "$work/nonexistent" 2>/dev/null
rc1=$?
"$apply" -q --bogus "$t" 2>/dev/null
rc2=$?
if [ $rc1 -eq 2 ] && [ $rc2 -eq 2 ]; then
	ok "not a kernel tree, bad option: exit 2"
else
	bad "not a kernel tree, bad option: exit 2 (got $rc1, $rc2)"
fi

# A git checkout of this overlay (HEAD, with the scripts as they are
# here) built in place: what git does not track never ships
c=$work/clone
rm -rf "$c"
git clone -q "$top" "$c"
cp "$apply" "$c/scripts/"
cp "$top/dev/patches.sh" "$c/dev/"
d=$c/tools/testing/fstests-expunge
echo "$d/matrix/cells.o: $d/matrix/cells.c $d/matrix/cells.h" \
	>"$d/matrix/cells.d"
for f in matrix/cells.o main.d tests/libfexp.a tests/cmd/cli_test fstests-expunge \
	 notes.txt; do
	[ -e "$d/$f" ] || echo "$d" >"$d/$f"
done
git -C "$c" ls-files -- tools/testing/fstests-expunge \
	Documentation/filesystems/testing 'scripts/fstests-expunge-*' |
	while read -r f; do
		[ -f "$c/$f" ] && [ ! -L "$c/$f" ] && echo "$f"
	done | LC_ALL=C sort >"$work/tracked"
"$c/scripts/fstests-expunge-apply" --list >"$work/got"
expect "a built git checkout: only tracked files listed" "$work/got" \
	<"$work/tracked"
if [ -n "${2:-}" ]; then
	rm -rf "$work/patches"
	if bash "$c/dev/patches.sh" "$2" "$work/patches" >"$work/patches.log" 2>&1; then
		sed -n 's|^+++ b/||p' "$work/patches"/*.patch |
			grep -vx 'MAINTAINERS\|tools/Makefile\|Documentation/filesystems/index.rst' |
			LC_ALL=C sort >"$work/got"
		expect "a built git checkout: the patch series holds tracked files only" \
			"$work/got" <"$work/tracked"
	else
		bad "a built git checkout: dev/patches.sh failed"
		tail -n 20 "$work/patches.log" | sed 's/^/#   /'
	fi
fi

echo "$fails failed"
[ $fails -eq 0 ]
