#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The shipped data (data/ and data/eol/, as the tool reads them) selects
# what the harnesses it was imported from select at their own default
# selections, on their real lists:
# - xfstests-bld: every test its rule leaves out for a filesystem we ship
#   a file for, each configuration and a kernel grid, is left out or
#   retried by the data (tests/agree-xfstests-bld.sh), except where
#   dev/shipped-differences says why not;
# - kdevops: every test it passes to check -E for each stable kernel
#   directory and section is left out or retried, with its large-disk
#   lists (the default) and without them (--env large-disk)
#   (dev/check-kdevops.sh).
# A re-import of both harnesses' lists onto a copy of it changes no line
# (dev/check-reimport.sh): what was curated by hand since stays.
# The data may leave out more: it holds both harnesses and hand-written
# lines. It must also lint clean.
#
# Usage: dev/check-shipped.sh FSTESTS_EXPUNGE DATA_DIR REFDATA WORK_DIR
set -u

fexp=$1
data=$2
refdata=$3
work=$4
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$top/tools/testing/fstests-expunge
fails=0

[ -d "$refdata/xfstests-bld" ] && [ -d "$refdata/kdevops" ] ||
	{ echo "$refdata: no xfstests-bld or kdevops lists" >&2; exit 2; }
rm -rf "$work"
mkdir -p "$work"

if ! "$fexp" check --data "$data" >"$work/lint.log" 2>&1; then
	echo "shipped data: fstests-expunge check finds problems:"
	grep -E 'error|warning' "$work/lint.log" | head -n 20
	fails=$((fails + 1))
fi
tail -n 1 "$work/lint.log" | sed 's/^/shipped data: lint: /'

# Reasons: how many are stock, measured on the tool's JSON. A reason is
# stock when, with the versions and sections the line's own keys give
# taken out, nothing is left that names a fact (a commit, link, path or
# test, config symbol, failure rate, number, quoted text) and that text
# is shared verbatim by 5 lines or more. Lines whose reason says no more
# than where and when a harness saw the test fail (un-triaged, no cause;
# untriaged, with no reason: the tool says "untriaged" for it) are
# counted apart: their facts are only the kernels and sections.
"$fexp" entries "$data"/*.expunge "$data"/eol/*.expunge 2>/dev/null |
	python3 -c '
import collections, json, re, sys
es = [json.loads(l) for l in sys.stdin]
def residue(e):
    r = e["reason"] or ""
    own = [v for k in ("seen", "since", "until", "fixed", "passed")
           for v in e[k] or []] + (e["sections"] or [])
    for w in sorted(own, key=len, reverse=True):
        r = re.sub(r"(?<![\w.-])" + re.escape(w) + r"(?![\w-])", "", r)
    return re.sub(r"\s+", " ", r).strip()
fact = re.compile(r"[0-9a-f]{7,40}|https?://|/|\w+_\w+|[0-9]|\"")
res = [residue(e) for e in es]
n = collections.Counter(res)
# no reason at all (untriaged) is no stock reason: counted apart
stock = sum(1 for r in res if r and n[r] >= 5 and not fact.search(r))
untriaged = sum(1 for e in es if e["cause"] == "untriaged" or
                (e["reason"] or "").startswith("un-triaged"))
print("shipped data: reasons: %d of %d lines (%.1f%%) stock; %d (%.1f%%) "
      "un-triaged (where and when only, no cause)" %
      (stock, len(es), 100.0 * stock / len(es), untriaged,
       100.0 * untriaged / len(es)))
# Reasons joined with "; ": a part after "; " (outside parentheses and
# quotes) that is not a link, a fix or a test run'"'"'s count, or a second
# "see" (compaction merges reasons clause by clause: entries/reason.h).
tail = re.compile(r"(see |fix: |https?://|xfstests [0-9a-f]{7}|"
                  r"this kernel lacks the fix|passes on |failed \d+ of \d+)")
def parts(r):
    out, depth, q, start = [], 0, False, 0
    for i, ch in enumerate(r):
        q = not q if ch == "\"" else q
        depth += 0 if q else (ch == "(") - (ch == ")" and depth > 0)
        if not q and not depth and r.startswith("; ", i):
            out.append(r[start:i])
            start = i + 2
    return out + [r[start:]]
def joined(r):
    ps = parts(r or "")[1:]
    return any(not tail.match(p) for p in ps) or \
        sum(p.startswith("see ") for p in ps) > 1
print("shipped data: reasons: %d joined with \"; \"" %
      sum(1 for e in es if joined(e["reason"])))
'

if ! bash "$tool/tests/agree-xfstests-bld.sh" "$fexp" "$refdata/xfstests-bld" \
	"$work/xfstests-bld" "$data" "$top/dev/shipped-differences" \
	>"$work/xfstests-bld.log" 2>&1; then
	echo "shipped data runs tests xfstests-bld leaves out (add the reason" \
		"to dev/shipped-differences if meant):"
	head -n 30 "$work/xfstests-bld.log"
	fails=$((fails + 1))
fi
grep '^xfstests-bld agreement' "$work/xfstests-bld.log" |
	sed 's/^/shipped data: /'

for env in "" large-disk; do
	log=$work/kdevops${env:+-$env}.log
	if ! bash "$top/dev/check-kdevops.sh" "$fexp" "$refdata/kdevops" \
		"$work/kdevops${env:+-$env}" "$data" $env >"$log" 2>&1; then
		echo "shipped data runs tests kdevops leaves out${env:+ (--env $env)}:"
		if grep -qE '^(NOT COVERED|not covered)' "$log"; then
			grep -E '^(NOT COVERED|not covered)' "$log" | head -n 30
		else
			tail -n 5 "$log"	# it did not run to the end
		fi
		fails=$((fails + 1))
	fi
	grep '^kdevops agreement' "$log" | sed 's/^/shipped data: /'
done
if ! bash "$top/dev/check-reimport.sh" "$fexp" "$data" "$refdata" \
	"$work/reimport" >"$work/reimport.log" 2>&1; then
	echo "a re-import of the harnesses' lists changes the shipped data:"
	tail -n 25 "$work/reimport.log"
	fails=$((fails + 1))
fi
grep '^reimport:' "$work/reimport.log" | sed 's/^/shipped data: /'
exit $((fails > 0))
