#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The figures of the shipped data that notes and commit messages quote
# (issue 29), measured here and nowhere else: entry line lengths, the
# share of provenance, stock and missing reasons, fail/flaky lines whose
# reason says the machine went down, fixed=/fixed-by= counts (whole
# keys, not substrings), and with FEXP what lint says and how many
# lines it says are covered.
#
# Over DATA/*.expunge, eol/ aside, unless said otherwise. An entry line
# is a line that is neither blank nor a comment. Its reason is what
# follows the first " #". Provenance is every key=value word that names
# a source (from=), with the blank before it, as a share of the bytes
# of the entry lines (newlines not counted). A reason is stock when,
# less its trailing "(...)" remarks, a clause of it (split at "; ") is
# said by 25 or more lines, or is one of the phrases of the importers'
# own tables (entries/reason.c, import/kdevops-notes.c,
# import/xfstests-bld.c), read from the source here.
#
# Usage: dev/data-figures.sh DATA_DIR [FEXP]
set -u

if [ $# -lt 1 ] || [ ! -d "$1" ]; then
	echo "usage: $0 DATA_DIR [FEXP]" >&2
	exit 2
fi
data=$1
fexp=${2:-}
tool=$(cd "$(dirname "$0")/../tools/testing/fstests-expunge" && pwd)

# The importers' own phrases: second strings of their tables, and the
# stock list of entries/reason.c
phrases=$( (grep -ho '{ "[^"]*", "[^"]*"' "$tool/import/kdevops-notes.c" \
		"$tool/import/xfstests-bld.c" | sed 's/.*", "//; s/"$//'
	    sed -n '/^static const char \*const stock\[\]/,/^};/p' \
		"$tool/entries/reason.c" | grep -o '"[^"]*"' | tr -d '"') |
	  sort -u)

PHRASES=$phrases python3 - "$data" <<'EOF'
import os, re, sys, glob, statistics

data = sys.argv[1]
phrases = [p for p in os.environ["PHRASES"].split("\n") if p]
files = sorted(glob.glob(os.path.join(data, "*.expunge")))
eolfiles = sorted(glob.glob(os.path.join(data, "eol", "*.expunge")))
DOWN = re.compile(r"\b(hang|hung|oops|lockup|crash|panic|BUG\b|OOM\b|"
                  r"assert)", re.I)
DOWN_CASE = re.compile(r"\b(hang\w*|hung|oops\w*|lockup\w*|crash\w*|"
                       r"panic\w*|assert\w*)\b", re.I)
DOWN_UPPER = re.compile(r"\b(BUG|OOM)\b")

def entries(paths):
    for p in paths:
        for line in open(p, encoding="utf-8"):
            line = line.rstrip("\n")
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            yield p, line

def split(line):
    m = re.search(r"(^|\s)#", line)
    if not m:
        return line, ""
    return line[:m.start()], line[m.end():].strip()

def prov_bytes(body):
    return sum(len(w) + 1 for w in body.split()
               if w.startswith("from="))

def clauses(reason):
    r = reason
    while True:
        r2 = re.sub(r"\s*\([^()]*\)\s*$", "", r)
        if r2 == r:
            break
        r = r2
    return [c.strip() for c in r.split("; ") if c.strip()]

def pct(a, b):
    return 100.0 * a / b if b else 0.0

def p90(v):
    v = sorted(v)
    return v[min(len(v) - 1, int(0.9 * len(v) + 0.5) - 1)] if v else 0

lines = list(entries(files))
lens = [len(l) for _, l in lines]
total = sum(lens)
prov = sum(prov_bytes(split(l)[0]) for _, l in lines)
print("figures: data %s (data/*.expunge, eol/ aside)" % data)
print("entry lines: %d" % len(lines))
print("line length: median %g, p90 %d, max %d" %
      (statistics.median(lens), p90(lens), max(lens)))
print("lines over 100: %d (%.1f%%), over 160: %d, over 200: %d, "
      "over 300: %d" % (sum(x > 100 for x in lens),
                        pct(sum(x > 100 for x in lens), len(lens)),
                        sum(x > 160 for x in lens),
                        sum(x > 200 for x in lens),
                        sum(x > 300 for x in lens)))
print("provenance (from=): %d of %d bytes, %.1f%%" %
      (prov, total, pct(prov, total)))
longest = max(lines, key=lambda pl: len(pl[1]))
print("longest: %s: %s (%d)" % (os.path.relpath(longest[0], data),
                               longest[1].split()[0], len(longest[1])))

def reasons(ls):
    count = {}
    for _, l in ls:
        for c in set(clauses(split(l)[1])):
            count[c] = count.get(c, 0) + 1
    return count

def stock_lines(ls, count):
    n = 0
    for _, l in ls:
        cs = clauses(split(l)[1])
        if any(count.get(c, 0) >= 25 or
               any(c.startswith(p) for p in phrases) for c in cs):
            n += 1
    return n

for name, ls in (("outside eol/", lines),
                 ("all files", lines + list(entries(eolfiles)))):
    count = reasons(ls)
    none = sum(1 for _, l in ls if not split(l)[1])
    print("reasons, %s: %d lines, %d without a reason (%.1f%%), "
          "%d stock (%.1f%%)" % (name, len(ls), none, pct(none, len(ls)),
                                 stock_lines(ls, count),
                                 pct(stock_lines(ls, count), len(ls))))

def keyed(ls, key):
    return sum(1 for _, l in ls
               if any(w.startswith(key + "=") for w in split(l)[0].split()))

# Untriaged (data-format.rst, cause=): cause=untriaged as old data says
# it, or no cause=, no crash= (which says cause=kernel), no reason, no
# bug=/fixed-by=, but from= a harness's list or a run (not hand, user:)
# and seen= (or only kdevops:any/ lists)
def untriaged(l):
    body, reason = split(l)
    keys = dict(w.split("=", 1) for w in body.split() if "=" in w)
    if keys.get("cause") == "untriaged":
        return True
    if ("cause" in keys or "crash" in keys or reason or "bug" in keys or
            "fixed-by" in keys):
        return False
    orig, src = [], ""
    for o in keys.get("from", "").split(","):
        if ":" in o and o.split(":")[0] in ("bld", "xfstests-bld", "kdevops",
                                              "fstests", "results", "user"):
            src = o.split(":")[0] + ":"
        elif o and o not in ("hand", "kdevops"):
            o = src + o
        orig.append(o)
    # a plain kdevops without seen= is the any/ list env= says
    anyl = {None: "all", "fast": "over-10s", "!large-disk": "large-disk"}
    if "seen" not in keys and keys.get("env") in anyl:
        orig = ["kdevops:any/" + anyl[keys.get("env")] if o == "kdevops"
                else o for o in orig]
    seen = "seen" in keys or all(o.startswith("kdevops:any/") for o in orig)
    return seen and any(o and o != "hand" and not o.startswith("user:")
                        for o in orig)

print("keys, outside eol/: fixed= on %d lines, fixed-by= on %d, "
      "until= on %d, seen= on %d, rate= on %d, crash= on %d, "
      "cause=untriaged on %d, untriaged (said or not) on %d" %
      (keyed(lines, "fixed"), keyed(lines, "fixed-by"),
       keyed(lines, "until"), keyed(lines, "seen"), keyed(lines, "rate"),
       keyed(lines, "crash"),
       sum(1 for _, l in lines if "cause=untriaged" in split(l)[0].split()),
       sum(1 for _, l in lines if untriaged(l))))

down, nodebug = [], 0
for p, l in lines:
    body, reason = split(l)
    w = body.split()
    m = DOWN_CASE.search(reason) or DOWN_UPPER.search(reason)
    if len(w) < 2 or w[1] not in ("fail", "flaky") or not m:
        continue
    # an XFS ASSERT only warns without XFS_DEBUG (data-format.rst)
    if m.group(1).lower().startswith("assert") and \
       re.search(r"\sif\s.*!XFS_DEBUG", body):
        nodebug += 1
        continue
    down.append("%s: %s %s" % (os.path.relpath(p, data), w[0], w[1]))
print("fail/flaky lines whose reason says hang, oops, BUG, panic, "
      "lockup, crash, OOM or assertion, outside eol/: %d (and %d "
      "'if !XFS_DEBUG' lines of an XFS assertion)" % (len(down), nodebug))
for d in down:
    print("  " + d)
EOF
[ -n "$fexp" ] || exit 0
lint=$("$fexp" check --data "$data" 2>&1)
echo "$lint" | tail -n 1 | sed 's/^/lint: /'
# covered lines: deleting one changes no selection (check's two rules)
echo "covered lines (lint, all files): $(echo "$lint" |
	grep -c ': warning: [^ ]*: \(covered by \|[^ ]* covers this \)')"
