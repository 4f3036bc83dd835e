#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Read compare's KCIDB, email and HTML reports back and check them
against its own --format json, on the real results under
tests/fixtures/compare: each KCIDB document is validated against the
KCIDB v5.3 schema, each page is rendered by headless Chromium and its
DOM read back.

Usage: dev/check-reports.py FSTESTS_EXPUNGE TOOL_DIR WORK_DIR
"""
import email.parser
import glob
import html
import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

import jsonschema

FEXP, TOOL, WORK = sys.argv[1:4]
FIX = os.path.join(TOOL, 'tests/fixtures')
CMP = os.path.join(FIX, 'compare')
# not in the overlay: the patches' checkpatch would spell-check KCIDB's words
SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      'fixtures/kcidb/kcidb-v5.3.schema.json')
WIDTH = 72
ORIGIN = 'fstests_expunge_test'
CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu',
                  '--disable-quic', '--no-first-run',
                  '--disable-background-networking',
                  '--disable-component-update', '--disable-sync']


def kdevops(d):
    return os.path.join(CMP, 'kdevops', d)


# Each a compare of real runs: (name, arguments)
CASES = [
    ('one run, no baseline', [kdevops('20240221')]),
    ('against a baseline with an incomplete run',
     ['--baseline', kdevops('20231218'), kdevops('20240221')]),
    ('several runs and kernels, a crash',
     sorted(glob.glob(kdevops('2023*'))) + [os.path.join(CMP, 'runs')]),
    ('fixed against a baseline',
     ['--baseline', kdevops('20230817/6.5.0-rc3-next-20230725'),
      kdevops('20230731/6.5.0-rc3-next-20230725')]),
    ('ext4 runs against a baseline',
     ['--baseline', os.path.join(CMP, 'runs/run1-ext4'),
      os.path.join(CMP, 'runs/run3-loop')]),
    ('no section of the baseline run again, a note of two sections',
     ['--baseline', kdevops('20231218'),
      os.path.join(FIX, 'kdevops-archive/old-unpacked')]),
]

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def compare(fmt, args, extra=()):
    cmd = [FEXP, 'compare', '--data', os.path.join(CMP, 'data'),
           '--format', fmt] + list(extra) + args
    p = subprocess.run(cmd, capture_output=True, check=False)
    if p.returncode not in (0, 1):
        sys.exit('%s: exit %d: %s' % (' '.join(cmd), p.returncode,
                                      p.stderr.decode()))
    return p.stdout.decode('utf-8')


def verdicts(doc):
    """{(section, test): result} of every section in the run"""
    return {(s['section'], r['test']): r for s in doc['sections']
            if s['in_run'] for r in s['results']}


def kcidb_path(section, test):
    seg = lambda s: re.sub('[^a-zA-Z0-9_-]', '_', s) or '_'
    return '.'.join(['fstests', seg(section)] +
                    [seg(p) for p in test.split('/')])


def check_kcidb(name, args, doc, schema):
    text = compare('kcidb', args, ['--origin', ORIGIN])
    k = json.loads(text)
    try:
        jsonschema.validate(k, schema)
    except jsonschema.ValidationError as e:
        check(False, '%s: kcidb: not valid KCIDB v5.3: %s' % (name, e.message))
    want = {kcidb_path(s, t): r for (s, t), r in verdicts(doc).items()
            if r['attempts'] is not None or r['class'] == 'missing'}
    got = {t['path']: t for t in k['tests'] if 'class' in t.get('misc', {})}
    check(set(want) == set(got), '%s: kcidb: tests differ from JSON: %s' %
          (name, sorted(set(want) ^ set(got))[:5]))
    status = {'missing': 'MISS'}
    for path, r in want.items():
        t = got.get(path)
        if not t:
            continue
        st = status.get(r['class']) or ('FAIL' if r['failed'] else
                                        'PASS' if r['attempts'] else 'SKIP')
        check(t['misc']['class'] == r['class'] and t['status'] == st,
              '%s: kcidb: %s is %s/%s, JSON says %s/%s' %
              (name, path, t['misc']['class'], t['status'], r['class'], st))
    incomplete = sum(len(s['incomplete']) > 0 for s in doc['sections']
                     if s['in_run'])
    errors = [t for t in k['tests'] if t['status'] == 'ERROR']
    check(len(errors) == incomplete, '%s: kcidb: %d ERROR tests, %d '
          'incomplete sections' % (name, len(errors), incomplete))
    ids = {t['id']: t['path'] for t in k['tests']}
    explained = {kcidb_path(s, t) for (s, t), r in verdicts(doc).items()
                 if r['entry'] and r['entry']['kind'] != 'expunge' and
                 r['failed']}
    incidents = {ids.get(i['test_id']) for i in k['incidents']}
    check(incidents == explained, '%s: kcidb: incidents %s, JSON explains %s'
          % (name, sorted(incidents, key=str), sorted(explained)))
    issues = {i['id'] for i in k['issues']}
    check(all(i['issue_id'] in issues for i in k['incidents']),
          '%s: kcidb: an incident of no issue' % name)
    again = json.loads(compare('kcidb', args, ['--origin', ORIGIN]))
    check(again == k, '%s: kcidb: not the same ids made twice' % name)


def email_counts(lines):
    """{section: {class: n, 'tests': n}} from "Counts per section:" """
    out, cur = {}, None
    start = lines.index('Counts per section:') + 1
    for line in lines[start:]:
        if not line:
            break
        if line.startswith('      '):
            cur += ' ' + line.strip()
            out[sec] = cur
            continue
        sec, cur = line.strip().split(': ', 1)
        out[sec] = cur
    res = {}
    for sec, text in out.items():
        head, _, rest = text.partition('; ')
        c = {'tests': int(head.split()[0])}
        for item in filter(None, rest.split(', ')):
            cls, n = item.rsplit(' ', 1)
            c[cls.replace(' ', '_')] = int(n)
        res[sec] = c
    return res


def email_items(lines, title):
    """(section, test) of each item under a list headed title"""
    items, inside = set(), False
    for line in lines:
        if re.match(re.escape(title) + r' \(\d+\):$', line):
            inside = True
        elif inside and not line:
            break
        elif inside and re.match(r'  \S+ \S+: ', line):
            sec, test = line.split(':')[0].split()
            items.add((sec, test))
    return items


def email_missing(lines):
    """{section: set of tests} under the missing tests"""
    out, sec, inside = {}, None, False
    for line in lines:
        if line.startswith('Missing (in the baseline, not here) ('):
            inside = True
        elif inside and not line:
            break
        elif inside and line.startswith('    '):
            out[sec] |= set(line.split())
        elif inside:
            sec, rest = line.strip().split(': ', 1)
            out[sec] = set(rest.split())
    return out


def check_email(name, args, doc):
    text = compare('email', args)
    lines = text.split('\n')
    # a word longer than the room has its line alone, never split
    long = [line for line in lines if len(line.expandtabs()) > WIDTH and
            ' ' in line.strip()]
    check(not long, '%s: email: lines over %d columns: %s' %
          (name, WIDTH, long[:2]))
    regr = doc['totals']['regression']
    check(lines[0].startswith('Subject: [fstests] ') and
          ': %d regression%s' % (regr, '' if regr == 1 else 's') in lines[0],
          '%s: email: subject %s' % (name, lines[0]))
    counts = email_counts(lines)
    for s in doc['sections']:
        want = {c: n for c, n in s['counts'].items()
                if n and c != 'pass'}
        want['tests'] = s['tests']
        check(counts.get(s['section']) == want, '%s: email: counts of %s: '
              '%s, JSON %s' % (name, s['section'],
                               counts.get(s['section']), want))
    v = verdicts(doc)
    for cls, title in (('regression', 'Regressions'),
                       ('crash', 'Crashes (the machine or check went down)'),
                       ('still_failing', 'Still failing'),
                       ('flaky', 'Flaky'),
                       ('unexpected_pass',
                        'Unexpected passes (remove the entry?)')):
        want = {k for k, r in v.items() if r['class'] == cls}
        got = email_items(lines, title)
        check(got == want, '%s: email: %s: %s, JSON %s' %
              (name, cls, sorted(got), sorted(want)))
    want = {}
    for s in doc['sections']:
        if not s['counts']['missing']:
            continue
        want[s['section']] = {r['test'] for r in s['results']
                              if r['class'] == 'missing'}
    got = email_missing(lines)
    check(got == want, '%s: email: missing %s, JSON %s' % (name, got, want))
    # every test counted is named, as a word of the mail
    words = set(text.replace(':', ' ').split())
    for (sec, test), r in v.items():
        if r['class'] in ('pass', 'missing'):
            continue
        check(test in words, '%s: email: %s %s (%s) counted, not named' %
              (name, sec, test, r['class']))
    # counts in words, not snake_case
    check(not re.search(r'\b(known_failure|still_failing|unexpected_pass|'
                        r'not_run)\b', text),
          '%s: email: a class in snake_case' % name)
    # where the logs are, as a reader of the list can ask for them: no
    # path of the tester's own machine
    local = {os.path.dirname(os.path.dirname(os.path.abspath(f['path'])))
             for side in doc['runs'].values() for run in side
             for f in run['files']}
    check(not any(d in text for d in local) and 'Logs: ' in text,
          '%s: email: a local results path, or no Logs: line' % name)
    msg = email.parser.Parser().parsestr(text)
    check(msg['Subject'] and msg['Subject'].startswith('[fstests] '),
          '%s: email: the email module reads no Subject' % name)


class Dom(HTMLParser):
    """The matrix cells and the counts below it, as rendered: keyed by
    (section, run, ...), run None for a column of a whole section"""

    def __init__(self):
        super().__init__()
        self.row = None
        self.cells = {}
        self.counts = {}
        self.count = None
        self.scripts = 0
        self.links = []
        self.text = None
        self.title = ''
        self.heads = []
        self.summaries = {}
        self.hints = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'script':
            self.scripts += 1
        for key in ('src', 'href'):
            if a.get(key):
                self.links.append(a[key])
        if tag == 'tr' and 'data-test' in a:
            self.row = a['data-test']
        col = (a.get('data-section'), a.get('data-run'))
        if tag == 'td' and 'data-class' in a:
            self.cells[col + (self.row,)] = a['data-class']
        if tag == 'td' and 'data-count' in a:
            self.count = col + (a['data-count'],)
        if tag in ('title', 'h2', 'summary') or \
                (tag == 'p' and a.get('class') == 'hint'):
            self.text = [tag, '']

    def handle_endtag(self, tag):
        if not self.text or tag != self.text[0]:
            return
        if tag == 'title':
            self.title = self.text[1]
        elif tag == 'h2':
            self.heads.append(self.text[1])
        elif tag == 'summary':
            self.summaries[self.text[1].split(' (')[0]] = self.heads[-1]
        else:
            self.hints.append(self.text[1])
        self.text = None

    def handle_data(self, data):
        if self.text:
            self.text[1] += data
        if self.count:
            self.counts[self.count] = int(data)
            self.count = None


def matrix_cells(doc):
    """{(section, test): class} a matrix of these results shows"""
    return {k: r['class'] for k, r in verdicts(doc).items()
            if r['class'] not in ('pass', 'not_run')}


def check_column(name, dom, doc, run=None):
    """The column(s) of run (None: of whole sections) against doc"""
    for s in doc['sections']:
        for cls, cnt in s['counts'].items():
            if cls == 'pass':
                continue
            got = dom.counts.get((s['section'], run, cls))
            check(got == cnt, '%s: html: %s %s %s: %s, JSON %d' %
                  (name, s['section'], run, cls, got, cnt))
    secs = {s['section'] for s in doc['sections']}
    want = matrix_cells(doc)
    got = {(s, t): c for (s, r, t), c in dom.cells.items()
           if r == run and c != 'not_run' and s in secs}
    check(got == want, '%s: html: cells of %s differ from JSON: %s' %
          (name, run, sorted(set(got.items()) ^ set(want.items()))[:5]))
    v = verdicts(doc)
    bad = [(s, t) for (s, r, t), c in dom.cells.items()
           if r == run and s in secs and c == 'not_run' and
           v.get((s, t), {}).get('class') != 'not_run']
    check(not bad, '%s: html: not run there: %s' % (name, bad[:3]))


def render(page):
    profile = os.path.join(WORK, 'chromium-profile')
    shutil.rmtree(profile, ignore_errors=True)
    p = subprocess.run([CHROMIUM] + CHROMIUM_FLAGS +
                       ['--user-data-dir=' + profile, '--dump-dom',
                        'file://' + os.path.abspath(page)],
                       capture_output=True, timeout=60, check=False)
    if p.returncode or b'<html' not in p.stdout:
        sys.exit('%s: chromium failed: %s' % (page, p.stderr.decode()[-500:]))
    return p.stdout.decode('utf-8')


def baseline_args(args):
    return [a for i, a in enumerate(args) if a == '--baseline' or
            (i and args[i - 1] == '--baseline')]


def check_failures(name, dom, doc):
    """The title names the kernels; a fixed test is under Fixed only"""
    kernels = set()
    for run in doc['runs']['run']:
        for f in run['files']:
            m = re.search(rb'<property name="KERNEL" value="([^"]*)"',
                          open(f['path'], 'rb').read(65536))
            if m:
                kernels.add(html.unescape(m.group(1).decode()))
    check(all(k in dom.title for k in kernels if k),
          '%s: html: title %r lacks the kernels %s' %
          (name, dom.title, kernels))
    for (sec, test), r in verdicts(doc).items():
        head = dom.summaries.get('%s %s: %s' % (sec, test, r['class']))
        if r['class'] == 'fixed':
            check(head and head.startswith('Fixed'),
                  '%s: html: fixed %s %s under %s' % (name, sec, test, head))
        elif r['failed']:
            check(head == 'Failures', '%s: html: failure %s %s under %s' %
                  (name, sec, test, head))


def side_kernels(paths):
    """The KERNEL properties of the result.xml files under paths"""
    found = set()
    for p in paths:
        files = [p] if os.path.isfile(p) else \
            glob.glob(os.path.join(p, '**/result.xml'), recursive=True)
        for f in files:
            m = re.search(rb'<property name="KERNEL" value="([^"]*)"',
                          open(f, 'rb').read(65536))
            if m:
                found.add(html.unescape(m.group(1).decode()))
    return found


def check_sides(name, args):
    """Every format names each side's kernels (read from the files
    themselves) and how many runs each side has"""
    base = baseline_args(args)[1::2]
    run = [a for a in args if a not in baseline_args(args)]
    doc = json.loads(compare('json', args))
    for fmt in ('text', 'ktap', 'email', 'html', 'kcidb', 'json'):
        out = compare(fmt, args, ['--origin', ORIGIN] if fmt == 'kcidb'
                      else [])
        flat = html.unescape(' '.join(out.split()))
        for side, paths, label in (('baseline', base, 'aseline'),
                                   ('run', run, 'run')):
            if not paths:
                continue
            for k in side_kernels(paths):
                check(k in flat, '%s: %s: the %s kernel %s not named' %
                      (name, fmt, side, k))
            n = len(doc['runs'][side])
            check(fmt == 'json' or
                  re.search(r'%s"?: "?[^;]*; %d runs?: ' % (label, n), flat),
                  '%s: %s: the %s\'s %d runs not said' % (name, fmt, side, n))
    check(side_kernels(run) == set(doc['kernels']['run']) and
          side_kernels(base) == set(doc['kernels']['baseline']),
          '%s: json: kernels %s' % (name, doc['kernels']))


def check_notes(name, args, doc):
    """Every note once in each report that carries notes; a section on
    one side only is one note, and none of its tests is counted"""
    notes = doc['notes']
    check(len(notes) == len(set(notes)), '%s: json: a note twice: %s' %
          (name, notes))
    base = baseline_args(args)[1::2]
    run = [a for a in args if a not in baseline_args(args)]
    secs = {side: {s['section'] for s in
                   json.loads(compare('json', paths))['sections']}
            if paths else set() for side, paths in (('base', base),
                                                    ('run', run))}
    want = {'the baseline': secs['run'] - secs['base'] if base else set(),
            'this run': secs['base'] - secs['run']}
    got = {'the baseline': set(doc['not_in_baseline']),
           'this run': set(doc['not_in_run'])}
    check(got == want, '%s: json: sections of one side %s, the files %s' %
          (name, got, want))
    check({s['section'] for s in doc['sections']} == secs['run'],
          '%s: json: sections %s, the run has %s' %
          (name, [s['section'] for s in doc['sections']], secs['run']))
    for what, names in want.items():
        said = [n for n in notes if n.startswith('not run in %s: ' % what)]
        check(len(said) == bool(names) and
              (not said or set(said[0].split(': ', 1)[1].split(', ')) ==
               names), '%s: json: the note of %s: %s, want %s' %
              (name, what, said, names))
    for fmt in ('text', 'ktap', 'email', 'html'):
        flat = html.unescape(' '.join(compare(fmt, args).split()))
        for n in notes:
            times = flat.count(' '.join(n.split()))
            check(times == 1, '%s: %s: note said %d times: %s' %
                  (name, fmt, times, n[:60]))


def check_html(name, args, doc, n):
    page = os.path.join(WORK, 'report-%d.html' % n)
    compare('html', args, ['-o', page])
    dom = Dom()
    dom.feed(render(page))
    check(not dom.scripts and not dom.links, '%s: html: scripts or links: %s'
          % (name, dom.links[:3]))
    check_failures(name, dom, doc)
    # the data's reason and file:line of each test it explains
    page_text = html.unescape(open(page, encoding='utf-8').read())
    for (sec, test), r in verdicts(doc).items():
        e = r['entry']
        if e and r['failed'] and r['class'] == 'known_failure':
            place = '(%s:%d)' % (os.path.basename(e['file']), e['line'])
            check(place in page_text, '%s: html: %s %s: no %s' %
                  (name, sec, test, place))
    runs = [r['name'] for r in doc['runs']['run']]
    if len(runs) < 2:
        check_column(name, dom, doc)
        return
    # a column per run: each as compare sees that run alone, where it
    # chooses the same data (runs of several kernels, or naming none)
    data = {s['section']: s['data'] for s in doc['sections']}
    compared = 0
    for run in runs:
        alone = json.loads(compare('json', baseline_args(args) + [run],
                                   ['--all']))
        alone['sections'] = [s for s in alone['sections'] if s['in_run']
                             and s['data'] == data.get(s['section'])]
        compared += len(alone['sections'])
        check_column('%s, run %s' % (name, run), dom, alone, run)
    print("# %s: %d run columns compared" % (name, compared))
    check(compared, '%s: html: no run column compared' % name)
    check(all(r is not None for (_, r, _) in dom.cells),
          '%s: html: a column of a whole section among runs' % name)


HOSTILE = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="xfstests" failures="1" skipped="0" tests="2" time="5"
 hostname="h" timestamp="2024-01-01T00:00:00+00:00">
<properties>
<property name="SECTION" value="a.b/c&lt;i&gt;"/>
<property name="FSTYP" value="xfs"/>
<property name="KERNEL" value="6.6.0 &lt;b&gt;"/>
<property name="MOUNT_OPTIONS" value="-o &quot;x&quot;"/>
</properties>
<testcase classname="xfstests.a.b/c&lt;i&gt;" name="generic/&lt;b&gt;x&amp;y" time="3">
<failure message="&lt;script&gt;alert(1)&lt;/script&gt; %s" type="TestFail"/>
</testcase>
<testcase classname="xfstests.a.b/c&lt;i&gt;" name="generic/002" time="2"/>
</testsuite>
"""


def check_hostile(schema):
    """Markup, long text and odd names in the results stay text"""
    path = os.path.join(WORK, 'hostile.xml')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(HOSTILE % ('\u00e9' * 20000))
    name = 'hostile input'
    k = json.loads(compare('kcidb', [path], ['--origin', ORIGIN]))
    try:
        jsonschema.validate(k, schema)
    except jsonschema.ValidationError as e:
        check(False, '%s: kcidb: not valid KCIDB v5.3: %s' % (name, e.message))
    check(any(t['path'] == 'fstests.a_b_c_i_.generic._b_x_y'
              for t in k['tests']), '%s: kcidb: paths %s' %
          (name, [t['path'] for t in k['tests']]))
    text = compare('email', [path])
    check(all(len(line) <= WIDTH for line in text.split('\n')),
          '%s: email: a line over %d columns' % (name, WIDTH))
    page = os.path.join(WORK, 'hostile.html')
    compare('html', [path], ['-o', page])
    dom = Dom()
    dom.feed(render(page))
    check(not dom.scripts and not dom.links and
          dom.cells.get(('a.b/c<i>', None, 'generic/<b>x&y')) == 'regression',
          '%s: html: %d scripts, cells %s' % (name, dom.scripts, dom.cells))


RESUMED = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="xfstests" tests="1" start_timestamp="2026-01-02T03:04:05"
 time="%s">
<properties><property name="FSTYP" value="xfs"/>
<property name="KERNEL" value="6.6.0"/></properties>
<testcase classname="xfstests.s1" name="generic/001" time="1"/>
</testsuite>
"""


def check_resubmission(schema):
    """A run --resume finished, sent again, replaces its ERROR by id"""
    name = 'resubmission'
    docs = []
    for i, time in enumerate(('', '5')):
        path = os.path.join(WORK, 'resumed%d.xml' % i)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(RESUMED % time)
        docs.append(json.loads(compare('kcidb', [path],
                                       ['--origin', ORIGIN])))
        try:
            jsonschema.validate(docs[-1], schema)
        except jsonschema.ValidationError as e:
            check(False, '%s: not valid KCIDB v5.3: %s' % (name, e.message))
    errors = [t['id'] for t in docs[0]['tests'] if t['status'] == 'ERROR']
    later = {t['id']: t['status'] for t in docs[1]['tests']}
    check(len(errors) == 1 and later.get(errors[0]) not in (None, 'ERROR'),
          '%s: ERROR ids %s, then %s' % (name, errors, later))


FORGED = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="xfstests" failures="1" skipped="0" tests="2" time="5">
<properties>
<property name="SECTION" value="s1"/>
<property name="FSTYP" value="%(fstyp)s"/>
<property name="KERNEL" value="%(kernel)s"/>
<property name="MKFS_OPTIONS" value="%(mkfs)s"/>
</properties>
<testcase classname="xfstests.s1" name="generic/002" time="3">
<failure message="%(msg)s" type="TestFail"/>
</testcase>
<testcase classname="xfstests.s1" name="generic/003" time="2"/>
</testsuite>
"""
NL = '&#10;'


def forged(name, **kw):
    props = {'fstyp': 'xfs', 'kernel': '6.6.0', 'mkfs': '-b 4096',
             'msg': 'boom'}
    props.update(kw)
    path = os.path.join(WORK, name + '.xml')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(FORGED % props)
    return path


def raw(fmt, args, extra=()):
    """compare's report as bytes: whether it is UTF-8 is for the caller"""
    cmd = [FEXP, 'compare', '--data', os.path.join(CMP, 'data'),
           '--format', fmt] + list(extra) + args
    return subprocess.run(cmd, capture_output=True, check=False).stdout


def check_forged():
    """Properties with line breaks forge no line; text stays UTF-8"""
    base = forged('forged-base')
    run = forged('forged-run', kernel='6.6.1' + NL + 'Bcc: evil@example.com'
                 + NL + 'Subject: pwned', mkfs='-b 4096' + NL +
                 'Result: 0 regressions', fstyp='xfs' + NL + 'Result: 0')
    args = ['--baseline', base, run]
    mail = email.parser.Parser().parsestr(compare('email', args))
    check(mail.keys() == ['Subject'] and
          len(mail.get_all('Subject')) == 1,
          'forged KERNEL: email headers %s' % mail.items())
    text = compare('text', args).split('\n')
    results = [line for line in text if line.startswith('Result:')]
    check(len(results) == 1, 'forged MKFS_OPTIONS: text: %s' % results)
    # a path cut to the mail's width says it was cut
    run = forged('long-path', msg='cannot mount /' + 'a-long-directory/' * 8
                 + 'scratch')
    cut = [line for line in compare('email', [run]).split('\n')
           if 'a-long-directory' in line]
    check(cut and all(len(line) <= WIDTH and line.endswith(' [...]')
                      for line in cut), 'email: a long path cut: %s' % cut)
    # a message cut at its 240 bytes falls inside a two-byte character
    run = forged('utf8-cut', msg='a' + '\u00e9' * 200)
    for fmt, extra in (('json', []), ('kcidb', ['--origin', ORIGIN]),
                       ('html', []), ('ktap', []), ('text', []),
                       ('email', [])):
        out = raw(fmt, [run], extra)
        try:
            out.decode('utf-8')
            ok = bool(out)
        except UnicodeDecodeError:
            ok = False
        check(ok, 'a message cut at 240 bytes: %s: not UTF-8' % fmt)


def validate(name, doc, schema):
    """doc against the KCIDB schema, its formats (date-time) too"""
    try:
        jsonschema.validate(doc, schema,
                            format_checker=jsonschema.FormatChecker())
    except jsonschema.ValidationError as e:
        check(False, '%s: not valid KCIDB v5.3: %s' % (name, e.message))


def git(*args):
    subprocess.run(['git'] + list(args), check=True, capture_output=True,
                   env=dict(os.environ, GIT_CONFIG_NOSYSTEM='1',
                            HOME=WORK, GIT_AUTHOR_NAME='A',
                            GIT_AUTHOR_EMAIL='a@example.org',
                            GIT_COMMITTER_NAME='A',
                            GIT_COMMITTER_EMAIL='a@example.org'))


def kernel_tree(name, url, init=()):
    """A git tree WORK/name with one commit, origin url; its HEAD"""
    tree = os.path.join(WORK, name)
    shutil.rmtree(tree, ignore_errors=True)
    git('init', '-q', '-b', 'master', *init, tree)
    git('-C', tree, 'commit', '-q', '--allow-empty', '-m', 'built')
    git('-C', tree, 'remote', 'add', 'origin', url)
    head = subprocess.run(['git', '-C', tree, 'rev-parse', 'HEAD'],
                          capture_output=True, check=True)
    return tree, head.stdout.decode().strip()


def check_checkout(schema):
    """The checkout says its commit, tree and start; nothing invalid"""
    name = 'checkout'
    url = 'https://git.kernel.org/pub/scm/linux/kernel/git/tytso/ext4.git'
    tree, head = kernel_tree('linux', url)
    runs = os.path.join(CMP, 'runs/run1-ext4')
    k = json.loads(compare('kcidb', [runs], ['--origin', ORIGIN,
                                             '--srctree', tree]))
    validate(name, k, schema)
    got = [(c.get('git_commit_hash'), c.get('git_repository_url'),
            c.get('tree_name'), c.get('git_repository_branch'),
            c.get('start_time')) for c in k['checkouts']]
    check(got == [(head, url, 'ext4', 'master', '2026-12-03T07:55:27+00:00')],
          '%s: checkouts %s' % (name, got))
    # SHA-256 ids and scp-like remotes are not KCIDB's: left out
    tree, head = kernel_tree('linux256', 'git@example.org:linux.git',
                             ['--object-format=sha256'])
    k = json.loads(compare('kcidb', [runs], ['--origin', ORIGIN,
                                             '--srctree', tree]))
    validate(name + ' of a SHA-256 tree', k, schema)
    check(all('git_commit_hash' not in c and 'git_repository_url' not in c
              for c in k['checkouts']), '%s: SHA-256: %s' %
          (name, k['checkouts']))


def check_hints(schema):
    """The kernel fixes fstests names, in the mail, the page and KCIDB"""
    name = 'hints'
    fst = os.path.join(WORK, 'fstests')
    os.makedirs(os.path.join(fst, 'tests/generic'), exist_ok=True)
    with open(os.path.join(fst, 'tests/generic/531'), 'w',
              encoding='utf-8') as f:
        f.write('#! /bin/bash\n_fixed_by_kernel_commit bbbbbbbbbbbb '
                '"xfs: a fix <b>we</b> lack"\n')
    args = [os.path.join(CMP, 'runs/run4-xfs')]
    extra = ['--fstests', fst]
    want = 'fix bbbbbbbbbbbb'
    mail = email.parser.Parser().parsestr(compare('email', args, extra))
    body = [line.strip() for line in mail.get_payload().split('\n')]
    check(mail.keys() == ['Subject'] and
          any(line.startswith(want) for line in body),
          '%s: email: headers %s, no %r in the body' %
          (name, mail.keys(), want))
    page = os.path.join(WORK, 'hints.html')
    compare('html', args, extra + ['-o', page])
    dom = Dom()
    dom.feed(render(page))
    check(any(h.startswith(want) and '<b>we</b>' in h for h in dom.hints),
          '%s: html: hints %s' % (name, dom.hints))
    k = json.loads(compare('kcidb', args, extra + ['--origin', ORIGIN]))
    validate(name, k, schema)
    hints = {t['path']: t['misc'].get('hints') for t in k['tests']
             if t.get('misc', {}).get('hints')}
    check(list(hints) == ['fstests.xfs_crc.generic.531'] and
          hints['fstests.xfs_crc.generic.531'][0].startswith(want),
          '%s: kcidb: hints %s' % (name, hints))


def main():
    os.makedirs(WORK, exist_ok=True)
    with open(SCHEMA, encoding='utf-8') as f:
        schema = json.load(f)
    check_hostile(schema)
    check_resubmission(schema)
    check_forged()
    check_checkout(schema)
    check_hints(schema)
    for n, (name, args) in enumerate(CASES):
        doc = json.loads(compare('json', args, ['--all']))
        check_kcidb(name, args, doc, schema)
        check_email(name, args, doc)
        check_notes(name, args, doc)
        check_html(name, args, doc, n)
        check_sides(name, args)
    for f in failures:
        print('# ' + f)
    print('%d cases, %d problems' % (len(CASES), len(failures)))
    return 1 if failures else 0


CHROMIUM = shutil.which('chromium') or shutil.which('chromium-headless-shell')
if not CHROMIUM:
    sys.exit('chromium not found: install it (dev/setup.sh does)')
sys.exit(main())
