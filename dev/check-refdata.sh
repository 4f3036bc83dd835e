#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check on a fresh clone without ../shared: dev/refdata.sh, which
# decides for dev/check.sh, skips the agreement checks (status 1, one
# line naming what is missing and how to get it) when the default place
# is empty, and fails them (status 2) when CI is set or REFDATA named a
# place without them; with the lists there (a made-up tree of the same
# shape) they run. Then the same through dev/check.sh's own words: its
# "skip -" and "not ok -" lines, run with REFDATA pointing nowhere.
#
# Usage: dev/check-refdata.sh WORKDIR
set -u

work=${1:?usage: $0 WORKDIR}
top=$(cd "$(dirname "$0")/.." && pwd)
fails=0

# expect STATUS WORDS DIR [VAR=VALUE...]: dev/refdata.sh's status and
# its one line (WORDS in it), with only those variables of CI and REFDATA
expect() {
	local want=$1 words=$2 dir=$3 out st
	shift 3
	out=$(env -u CI -u REFDATA "$@" bash "$top/dev/refdata.sh" "$dir" 2>&1)
	st=$?
	if [ "$st" != "$want" ] || ! grep -q -- "$words" <<<"$out" ||
	   [ "$(printf '%s\n' "$out" | grep -c .)" -gt 1 ]; then
		echo "FAIL: $dir $* -> status $st, want $want with '$words': $out"
		fails=$((fails + 1))
	else
		echo "ok: $dir $* -> $st: $out"
	fi
}

rm -rf "$work"
mkdir -p "$work/full/xfstests-bld/test-appliance/files/root/fs" \
	"$work/full/kdevops/workflows/fstests/expunges" "$work/half/kdevops"
touch "$work/full/kdevops/SYMLINKS.tsv" "$work/half/kdevops/SYMLINKS.tsv"
none=$work/nowhere

expect 1 "has no xfstests-bld/test-appliance/files/root/fs, kdevops/workflows" \
	"$none"
expect 1 "get them as the top of dev/refdata.sh says" "$none"
expect 1 "has no xfstests-bld/test-appliance/files/root/fs, kdevops/workflows/fstests/expunges;" \
	"$work/half"
expect 2 "CI is set" "$none" CI=true
expect 1 "has no" "$none" CI=false
expect 2 "REFDATA names them" "$none" REFDATA="$none"
expect 0 "" "$work/full"
expect 0 "" "$work/full" CI=true REFDATA="$work/full"

# dev/check.sh's dispatch, as it runs it (the lines between "refdata="
# and "esac"), with a stand-in for the checks themselves
sed -n '/^refdata=\${REFDATA/,/^esac/p' "$top/dev/check.sh" > "$work/dispatch"
mkdir -p "$work/top/dev" "$work/shared"
cp "$top/dev/refdata.sh" "$work/top/dev/"
for env in "REFDATA=" "REFDATA=$none" "CI=1"; do
	out=$(cd "$work" && env -u CI -u REFDATA "$env" bash -c '
		top=$1
		bad() { echo "not ok - $*"; }
		agreement() { echo "agreement ran"; }
		. ./dispatch' sh "$work/top")
	case $env in
	REFDATA=) want="skip - the agreement checks" ;;
	*) want="not ok - the agreement checks" ;;
	esac
	if grep -q "^$want" <<<"$out"; then
		echo "ok: dev/check.sh with $env: $out"
	else
		echo "FAIL: dev/check.sh with $env: '$out', want '$want'"
		fails=$((fails + 1))
	fi
done
ln -sfn "$work/full" "$work/shared/refdata"
out=$(cd "$work" && env -u CI -u REFDATA CI=1 bash -c '
	top=$1
	bad() { echo "not ok - $*"; }
	agreement() { echo "agreement ran"; }
	. ./dispatch' sh "$work/top")
if [ "$out" = "agreement ran" ]; then
	echo "ok: dev/check.sh with the lists in ../shared/refdata runs them"
else
	echo "FAIL: dev/check.sh with the lists in ../shared/refdata: $out"
	fails=$((fails + 1))
fi
echo "refdata: $fails failed"
[ "$fails" -eq 0 ]
