#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The owner figure (data-format.rst, "Whose list decides"): for ext4,
# whose owner's list is xfstests-bld's (global_exclude, ext4/exclude,
# ext4/cfg/*.exclude, by its own cpp rule: tests/xfstests-bld-rule.sh),
# every configuration of that list and the kernels 6.1.150, 6.6.100,
# 6.12.50 and 6.18.44: each test the owner leaves out is either left
# out by the data ("fstests-expunge exclude": expunge or fail), or run
# as flaky, or run. A flaky or run one is a violation; one that the
# data backs with a pass of ours on that kernel series (passed= of a
# line of the test for that section: a version of the series at or
# below the kernel) is allowed, one without makes the exit status 1.
#
# Per kernel it prints the counts of (configuration, test) cells, the
# groups the owner leaves out (expanded from the made-up fstests tree
# of the rule, whose stand-in tests are not counted as tests), each
# violation "cfg test kernel", and the rows of generic/388 and
# generic/223, which the owner leaves out on every configuration.
#
# Usage: dev/owner-figures.sh FEXP DATA_DIR REFDATA [WORK_DIR]
#   REFDATA is the directory with xfstests-bld/ (../shared/refdata).
#   Exit status: 0, 1 when a violation has no passed=, 2 bad usage.
set -u

if [ $# -lt 3 ]; then
	echo "usage: $0 FEXP DATA_DIR REFDATA [WORK_DIR]" >&2
	exit 2
fi
fexp=$1
data=$2
fsdir=$3/xfstests-bld/test-appliance/files/root/fs
work=${4:-}
top=$(cd "$(dirname "$0")/.." && pwd)
kernels="6.1.150 6.6.100 6.12.50 6.18.44"

if [ ! -f "$fsdir/global_exclude" ] || [ ! -d "$fsdir/ext4/cfg" ]; then
	echo "$3: no xfstests-bld lists here" >&2
	exit 2
fi
[ -f "$data/ext4.expunge" ] || { echo "$data: no ext4.expunge" >&2; exit 2; }
command -v cpp >/dev/null || { echo "cpp not found: install cpp" >&2; exit 2; }
if [ -z "$work" ]; then
	work=$(mktemp -d) || exit 2
	trap 'rm -rf "$work"' EXIT
else
	rm -rf "$work" && mkdir -p "$work" || exit 2
fi

# shellcheck source=tools/testing/fstests-expunge/tests/xfstests-bld-rule.sh
. "$top/tools/testing/fstests-expunge/tests/xfstests-bld-rule.sh"
bld_tree
cfgs=$(bld_cfgs ext4)
# shellcheck disable=SC2086
bld_reference ext4 $cfgs
sort -u "$work/ref/ext4" -o "$work/ref/ext4"

# What xfstests-bld's test appliance kernel has (as the agreement check)
printf 'CONFIG_XFS_QUOTA=y\nCONFIG_QUOTA=y\nCONFIG_FS_DAX=y\n' >"$work/config"
args=()
for c in $cfgs; do
	args+=(--section "$c")
done
mkdir -p "$work/out"
for k in $kernels; do
	if ! "$fexp" exclude --data "$data" --fs ext4 --release "$k" \
		--config "$work/config" --fstests "$work/fstests" \
		--outdir "$work/out/$k" "${args[@]}" 2>>"$work/tool.err" ||
	   ! "$fexp" flaky --data "$data" --fs ext4 --release "$k" \
		--config "$work/config" --fstests "$work/fstests" \
		"${args[@]}" >"$work/out/$k/flaky" 2>>"$work/tool.err"; then
		cat "$work/tool.err" >&2
		exit 2
	fi
done
files=()
for f in ext4.expunge global.expunge eol/ext4.expunge eol/global.expunge; do
	[ -f "$data/$f" ] && files+=("$data/$f")
done
"$fexp" entries "${files[@]}" >"$work/entries.json" 2>"$work/entries.err" ||
	{ cat "$work/entries.err" >&2; exit 2; }

python3 - "$work" "$kernels" "$cfgs" \
	"$(tr '\n' ' ' <"$3/xfstests-bld/PROVENANCE.md" 2>/dev/null |
	   grep -o -m1 'commit [0-9a-f]\{12\}')" <<'EOF'
import fnmatch, json, os, re, sys

work, kernels, cfgs = sys.argv[1], sys.argv[2].split(), sys.argv[3].split()
SHOWN = ("generic/388", "generic/223")

standin = {}                    # made-up test -> its groups
for l in open(os.path.join(work, "groups")):
    w = l.split()
    standin[w[0]] = w[2:]
owner = {}                      # kernel -> set of (cfg, test)
for l in open(os.path.join(work, "ref", "ext4")):
    k, c, t = l.split()
    owner.setdefault(k, set()).add((c, t))

def section(name):
    return re.sub(r"^ext4[_/]", "", name)

def exclude_file(path):
    """test -> (kind, data line) of an exclude file"""
    got, test, text = {}, None, ""
    def done():
        if test:
            m = re.search(r"# (?:group \S+: )?(expunge|fail)\b", text)
            src = re.findall(r"\(([^()\s]+:\d+)\)", text)
            got[test] = (m.group(1) if m else "?", src[-1] if src else "?")
    for l in open(path):
        l = l.rstrip("\n")
        if l.startswith("#"):
            if test:
                text += " " + l[1:].strip()
            continue
        done()
        test, _, rest = l.partition(" ")
        text = rest
    done()
    return got

def flaky_file(path, only):
    """(cfg, test) -> data line of flaky's output"""
    got, cfg = {}, only
    for l in open(path):
        m = re.match(r"# section (\S+)", l)
        if m:
            cfg = section(m.group(1))
        elif l.strip() and not l.startswith("#"):
            src = re.findall(r"\(([^()\s]+:\d+)\)\s*$", l)
            got[(cfg, l.split()[0])] = src[-1] if src else "?"
    return got

def version(v):
    m = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?(-rc\d+)?$", v)
    if not m:
        return None
    return (int(m.group(1)), int(m.group(2)),
            -1 if m.group(4) else int(m.group(3) or 0))

def applies_to(globs, cfg):
    if not globs:
        return True
    names = [cfg.lower(), "ext4_" + cfg.lower(), "ext4/" + cfg.lower()]
    plain = [g for g in globs if not g.startswith("!")]
    neg = [g[1:] for g in globs if g.startswith("!")]
    hit = lambda g: any(fnmatch.fnmatchcase(n, g.lower()) for n in names)
    return (not plain or any(map(hit, plain))) and not any(map(hit, neg))

passes = {}                     # test -> [(sections, [versions])]
for l in open(os.path.join(work, "entries.json")):
    e = json.loads(l)
    if e.get("passed"):
        passes.setdefault(e["test"], []).append(
            (e.get("sections") or [], e["passed"]))

def passed(test, cfg, k):
    """the passed= version backing a run of test in cfg on k, or None"""
    kv = version(k)
    for secs, vs in passes.get(test, []):
        if not applies_to(secs, cfg):
            continue
        for v in vs:
            pv = version(v)
            if pv and pv[:2] == kv[:2] and pv <= kv:
                return v
    return None

print("owner figure: ext4, xfstests-bld's global_exclude, ext4/exclude "
      "and ext4/cfg/*.exclude%s by its cpp rule; %d configurations, "
      "kernels %s; counts are (configuration, test) cells" %
      (" (%s)" % sys.argv[4] if sys.argv[4] else "", len(cfgs),
       " ".join(kernels)))
unbacked = 0
violations = []
rows = []
for k in kernels:
    out = os.path.join(work, "out", k)
    excl = {c: exclude_file(os.path.join(out, c + ".exclude")) for c in cfgs}
    flaky = flaky_file(os.path.join(out, "flaky"), cfgs[0])
    n = {"owner": 0, "out": 0, "expunge": 0, "fail": 0, "flaky": 0,
         "flaky_passed": 0, "run": 0, "run_passed": 0}
    standins_run = 0
    for c, t in sorted(owner.get(k, ())):
        if t in standin:
            if t not in excl[c]:
                standins_run += 1
                violations.append("%s %s %s: a stand-in of group %s, run"
                                  % (c, t, k, ",".join(standin[t])))
                unbacked += 1
            continue
        n["owner"] += 1
        if t in excl[c]:
            kind, src = excl[c][t]
            n["out"] += 1
            n[kind] = n.get(kind, 0) + 1
            how = "%s (%s)" % (kind, src)
        else:
            what = "flaky" if (c, t) in flaky else "run"
            p = passed(t, c, k)
            n[what] += 1
            how = what + ((" (%s)" % flaky[(c, t)]) if what == "flaky" else "")
            if p:
                n[what + "_passed"] += 1
                how += ", passed=%s" % p
            else:
                unbacked += 1
                how += ", no passed= on %d.%d" % version(k)[:2]
            violations.append("%s %s %s: %s" % (c, t, k, how))
        if t in SHOWN:
            rows.append((t, k, c, how))
    print("%s: owner leaves out %d; data leaves out %d (expunge %d, fail %d); "
          "flaky %d (with passed= %d); run %d (with passed= %d)" %
          (k, n["owner"], n["out"], n["expunge"], n["fail"], n["flaky"],
           n["flaky_passed"], n["run"], n["run_passed"]))
    # a group the owner leaves out: every test of it, in that cfg
    groups = {}
    for g in sorted(set(g for gs in standin.values() for g in gs)):
        ts = [t for t in standin if g in standin[t]]
        cs = [c for c in cfgs if all((c, t) in owner[k] for t in ts)]
        if cs:
            groups[g] = (len(cs), sum(all(t in excl[c] for t in ts)
                                      for c in cs))
    print("%s: groups the owner leaves out: %s; stand-in tests of the "
          "made-up fstests tree the data runs: %d" %
          (k, ", ".join("%s (%d cfgs, the data leaves it out in %d)" %
                        (g, n, o) for g, (n, o) in groups.items()) or "none",
           standins_run))

for t in SHOWN:
    for k in kernels:
        got = [r for r in rows if r[0] == t and r[1] == k]
        hows = sorted(set(r[3] for r in got))
        print("%s %s: owner leaves out in %d of %d configurations; data: %s" %
              (t, k, len(got), len(cfgs), "; ".join(hows) or "-"))
for v in violations:
    print("violation: " + v)
print("owner figure: %d violations, %d without passed=" %
      (len(violations), unbacked))
sys.exit(1 if unbacked else 0)
EOF
