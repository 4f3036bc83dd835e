#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The test matrix checked against the answers it must give: an archive
made with "archive add" from result files written here (every class of
cell, two machines, a run cut short) and from the real runs of
tests/fixtures/compare, one of them copied to 25 kernels (a table of
several pages); "matrix --format json" parsed with json, the pages
rendered by headless Chromium, their DOM read back against the JSON
(the pages of a table together), no page over 2 MB, and a screenshot
taken.

Usage: dev/check-matrix.py FSTESTS_EXPUNGE TOOL_DIR WORK_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser

FEXP, TOOL, WORK = sys.argv[1:4]
CMP = os.path.join(TOOL, 'tests/fixtures/compare')
CHROMIUM = shutil.which('chromium') or shutil.which('chromium-headless-shell')
CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu',
                  '--disable-quic', '--no-first-run',
                  '--disable-background-networking',
                  '--disable-component-update', '--disable-sync']
failures = []

DATA = {'ext4.expunge': 'generic/004  fail     # known here\n'
                        'generic/005  expunge  # hangs\n',
        'global.expunge': ''}

# (machine, kernel, tests): P pass, F fail, S skipped, FP fail then pass
RUNS = [
    ('m1', '6.1.100', 'g001=P g002=F g003=P g004=F g005=- g006=S'),
    ('m1', '6.1.100', 'g001=P g002=P g003=P g004=F g006=S'),
    ('m1', '6.1.100', 'g001=P g002=P g003=P g004=F g006=S'),
    ('m1', '6.6.30', 'g001=P g002=P g003=F g004=F g006=S g008=FP'),
    ('m1', '6.6.30', 'g001=P g002=P g003=F g004=F g006=S g007=F CUT'),
    ('m2', '6.6.30', 'g001=P g002=P g003=P g004=F g006=S'),
]

# What the matrix must say: (machine, kernel, test): (class, fail, runs)
WANT = {
    ('m1', '6.1.100', 'generic/001'): ('pass', 0, 3),
    ('m1', '6.1.100', 'generic/002'): ('flaky', 1, 3),
    ('m1', '6.1.100', 'generic/003'): ('pass', 0, 3),
    ('m1', '6.1.100', 'generic/004'): ('known', 3, 3),
    ('m1', '6.1.100', 'generic/005'): ('expunged', 0, 0),
    ('m1', '6.1.100', 'generic/006'): ('notrun', 0, 0),
    ('m1', '6.6.30', 'generic/002'): ('pass', 0, 2),
    ('m1', '6.6.30', 'generic/003'): ('fail', 2, 2),
    ('m1', '6.6.30', 'generic/007'): ('crash', 1, 1),
    ('m1', '6.6.30', 'generic/008'): ('flaky', 1, 1),
    ('m2', '6.6.30', 'generic/003'): ('pass', 0, 1),
    ('m2', '6.6.30', 'generic/004'): ('known', 1, 1),
}
# The logs fstests left beside result.xml, by run: archive add keeps those
# of the failing tests (generic/001 passed: its log is not kept), and the
# pages link them from the cell of the newest failing run that has some
LOGS = {3: {'generic/003.out.bad': 'LOG 3 out.bad\n',
            'generic/003.dmesg': 'LOG 3 dmesg\n',
            'generic/001.out.bad': 'LOG 3 of a test that passed\n'}}
WANT_LOGS = {('generic/003', '6.6.30'): {'out.bad': 'LOG 3 out.bad\n',
                                         'dmesg': 'LOG 3 dmesg\n'}}

# Failed in the newest run of its table and not in the run before: on
# m1, generic/007 (its crash, run 5; run 4 did not have it), not
# generic/003 (failed in both), though its kernel column is new
NEW_RUN = {('m1', 'generic/007')}
FIRST = {('m1', 'generic/003'): '6.6.30', ('m1', 'generic/002'): '6.1.100',
         ('m1', 'generic/004'): '6.1.100', ('m2', 'generic/003'): None}


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


def result_xml(i, kernel, tests):
    out = ['<?xml version="1.0"?>\n<testsuite name="xfstests" time="9" '
           'start_timestamp="2026-12-0%dT08:00:00+00:00">\n' % (i + 1) +
           '<properties>\n<property name="FSTYP" value="ext4"/>\n'
           '<property name="SECTION" value="ext4_4k"/>\n'
           '<property name="KERNEL" value="%s"/>\n</properties>\n' % kernel]
    for t in tests.split():
        if t == 'CUT':
            return ''.join(out)     # cut short: no </testsuite>
        name, outcomes = t.split('=')
        name = 'generic/' + name[1:]
        for o in outcomes.replace('-', ''):
            body = {'P': '', 'F': '<failure message="x"/>',
                    'S': '<skipped message="no"/>'}[o]
            out.append('<testcase classname="xfstests.ext4_4k" name="%s" '
                       'time="1">%s</testcase>\n' % (name, body))
    out.append('</testsuite>\n')
    return ''.join(out)


def fexp(*args, ok=(0,)):
    p = subprocess.run([FEXP] + list(args), capture_output=True, check=False)
    if p.returncode not in ok:
        sys.exit('%s: exit %d: %s' % (' '.join(args), p.returncode,
                                      p.stderr.decode()))
    return p.stdout.decode()


def make_archive():
    arch = os.path.join(WORK, 'archive')
    data = os.path.join(WORK, 'data')
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(data)
    for name, text in DATA.items():
        with open(os.path.join(data, name), 'w') as f:
            f.write(text)
    for i, (machine, kernel, tests) in enumerate(RUNS):
        d = os.path.join(WORK, 'res%d' % i, 'ext4_4k')
        os.makedirs(d)
        with open(os.path.join(d, 'result.xml'), 'w') as f:
            f.write(result_xml(i, kernel, tests))
        for name, text in LOGS.get(i, {}).items():
            os.makedirs(os.path.join(d, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(d, name), 'w') as f:
                f.write(text)
        fexp('archive', 'add', '--archive', arch, '--machine', machine,
             os.path.dirname(d))
    fexp('archive', 'add', '--archive', arch, os.path.join(CMP, 'kdevops'),
         os.path.join(CMP, 'runs'))
    many_kernels(arch)
    return arch, data


PAGED = 'paged'     # the machine of a table of many kernels
PAGE_MAX = 2 << 20


def many_kernels(arch):
    """A table of 25 kernels of 1083 tests, too much for one page: the
    real 6.8.0-rc2 xfs_crc run as if run again on 6.8.1 ... 6.8.24 on
    machine "paged" (copies in the archive's own layout, as the bench
    makes them)"""
    one = os.path.join(WORK, 'one')
    fexp('archive', 'add', '--archive', one, '--machine', PAGED,
         os.path.join(CMP, 'kdevops', '20240221'))
    src = os.path.join(one, 'runs', os.listdir(os.path.join(one, 'runs'))[0])
    with open(os.path.join(src, 'run'), encoding='utf-8') as f:
        rec = [line.rstrip('\n').split(': ', 1) for line in f]
    for k in range(25):
        rid = '%016x' % (0xfe << 56 | k)
        dst = os.path.join(arch, 'runs', rid)
        os.makedirs(dst)
        shutil.copyfile(os.path.join(src, 'result.xml.zst'),
                        os.path.join(dst, 'result.xml.zst'))
        new = {'run': rid}
        if k:
            new['kernel'] = new['version'] = '6.8.%d' % k
        with open(os.path.join(dst, 'run'), 'w', encoding='utf-8') as f:
            f.write(''.join('%s: %s\n' % (key, new.get(key, v))
                            for key, v in rec))


def cells(doc):
    got, first = {}, {}
    for m in doc['matrices']:
        if m['fs'] != 'ext4' or m['section'] != 'ext4_4k' or \
           m['machine'] not in ('m1', 'm2'):
            continue
        for t in m['tests']:
            first[(m['machine'], t['test'])] = t['first_failing']
            for c in t['cells']:
                got[(m['machine'], c['kernel'], t['test'])] = c
    return got, first


def check_json(doc):
    got, first = cells(doc)
    for key, (cls, fail, runs) in WANT.items():
        c = got.get(key)
        if not check(c is not None, 'json: no cell %s' % (key,)):
            continue
        check((c['class'], c['failures'], c['runs']) == (cls, fail, runs),
              'json: %s: %s %d/%d, want %s %d/%d' %
              (key, c['class'], c['failures'], c['runs'], cls, fail, runs))
        if runs:
            check(abs(c['rate'] - fail / runs) < 1e-3,
                  'json: %s: rate %s' % (key, c['rate']))
    check(('m2', '6.1.100', 'generic/001') not in got,
          'json: machine m2 got a kernel it never ran')
    new = {(m['machine'], t['test']) for m in doc['matrices']
           for t in m['tests'] if t['new_since_previous_run']}
    check({k for k in new if k[0] in ('m1', 'm2')} == NEW_RUN,
          'json: new since the run before %s, want %s' % (new, NEW_RUN))
    for key, k in FIRST.items():
        check(first.get(key) == k, 'json: first failing of %s: %s, want %s'
              % (key, first.get(key), k))
    envs = {(m['fs'], m['section'], m['machine']) for m in doc['matrices']}
    check(('xfs', 'xfs_reflink_4k', 'unknown') in envs or
          any(e[1] == 'xfs_reflink_4k' for e in envs),
          'json: the kdevops runs are not in it: %s' % sorted(envs))


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.table = None
        self.row = None
        self.compare = False
        self.cells = {}
        self.changed = set()
        self.pages = []
        self.scripts = 0
        self.links = []
        self.problems = []      # (test, class) in page order
        self.order = []         # ids of the sections, in page order
        self.folded = set()     # tests in the folded rows
        self.others = []        # the other pages of the table
        self.new = {}           # problem test: why new (run, kernel)
        self.kernels = []       # the kernels of the matrix, in order
        self.cell = None        # the (test, kernel) of the cell read
        self.logs = {}          # (test, kernel): {ext: href}

    def handle_endtag(self, tag):
        if tag == 'details':
            self.in_details = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'script':
            self.scripts += 1
        if tag == 'a' and a.get('href'):
            self.links.append(a['href'])
        if tag == 'div' and a.get('id') == 'table':
            self.table = (a['data-fs'], a['data-section'], a['data-machine'])
        if tag == 'tr' and 'data-page' in a:
            self.pages.append(a['data-page'])
        if tag == 'a' and a.get('class') == 'page':
            self.others.append(a['href'])
        if tag in ('h2', 'table', 'details') and a.get('id'):
            self.order.append(a['id'])
        if tag == 'details':
            self.in_details = True
        if tag == 'tr' and 'data-problem' in a:
            self.problems.append((a['data-problem'], a['data-class']))
        if tag == 'td' and 'data-new' in a:
            self.new[self.problems[-1][0]] = set(a['data-new'].split())
        if tag == 'tr' and 'data-test' in a:
            self.row = a['data-test']
            if getattr(self, 'in_details', False):
                self.folded.add(self.row)
        if tag == 'tr' and 'data-compare' in a:
            self.row = None
            self.cell = None
            self.changed.add(a['data-compare'])
        if tag == 'a' and a.get('class') == 'log' and self.cell:
            ext = a['href'].split('.', 1)[-1]
            self.logs.setdefault(self.cell, {})[ext] = a['href']
        if tag == 'td' and 'data-class' in a and self.row:
            self.cell = (self.row, a['data-kernel'])
            self.cells[(self.row, a['data-kernel'])] = a['data-class']
            if a['data-kernel'] not in self.kernels:
                self.kernels.append(a['data-kernel'])


def render(page, shot=None):
    profile = os.path.join(WORK, 'chromium-profile')
    shutil.rmtree(profile, ignore_errors=True)
    extra = ['--dump-dom'] if not shot else \
        ['--hide-scrollbars', '--window-size=1400,900', '--screenshot=' + shot]
    p = subprocess.run([CHROMIUM] + CHROMIUM_FLAGS +
                       ['--user-data-dir=' + profile] + extra +
                       ['file://' + os.path.abspath(page)],
                       capture_output=True, timeout=60, check=False)
    if p.returncode or (not shot and b'<html' not in p.stdout):
        sys.exit('%s: chromium failed: %s' % (page, p.stderr.decode()[-500:]))
    return p.stdout.decode('utf-8')


PROBLEM = ('crash', 'fail', 'flaky', 'known')


def check_problems_first(doc, index, out):
    """The entry page lists every test with a problem in some table, the
    worst first, before the list of tables; each has a page of its own."""
    want = {}
    for m in doc['matrices']:
        for t in m['tests']:
            for c in t['cells']:
                if c['class'] in PROBLEM:
                    old = want.get(t['test'])
                    if old is None or PROBLEM.index(c['class']) < \
                            PROBLEM.index(old):
                        want[t['test']] = c['class']
    got = dict(index.problems)
    check(got == want, 'html: problems listed %s, want %s' %
          (sorted(set(got.items()) ^ set(want.items()))[:4], len(want)))
    # "new": since the run before in some table, or the kernel before
    run = {t['test'] for m in doc['matrices'] for t in m['tests']
           if t['new_since_previous_run']}
    kernel = set()
    for m in doc['matrices']:
        for t in m['tests']:
            c = t['cells']
            if len(c) > 1 and c[-1]['class'] in PROBLEM and \
                    c[-2]['class'] == 'pass':
                kernel.add(t['test'])
    for test, why in index.new.items():
        want_why = {w for w, s in (('run', run), ('kernel', kernel))
                    if test in s}
        check(why == want_why, 'html: %s new %s, want %s' %
              (test, sorted(why), sorted(want_why)))
    check('generic/007' in run and index.new.get('generic/007') and
          'run' in index.new['generic/007'],
          'html: generic/007 not new since the run before')
    ranks = [PROBLEM.index(c) for _, c in index.problems]
    check(ranks == sorted(ranks), 'html: problems not worst first')
    check(index.order.index('problems') < index.order.index('tables'),
          'html: the tables come before the problems')
    for test, _ in index.problems[:3]:
        page = 'test-' + test.replace('/', '-') + '.html'
        dom = Dom()
        dom.feed(render(os.path.join(out, page)))
        rows = {k for k in dom.links if k.startswith('t')}
        where = {'t%d.html' % i for i, m in enumerate(
            sorted(doc['matrices'], key=lambda m: (m['fs'], m['section'],
                                                   m['machine'], m['setup'])))
                 if any(t['test'] == test for t in m['tests'])}
        check(rows == where, 'html: %s names tables %s, want %s' %
              (page, sorted(rows), sorted(where)))


def check_folded(page, dom, m):
    """Rows with no problem in the page's kernels folded, the rest not"""
    kernels = set(dom.kernels)
    folded = {t['test'] for t in m['tests']
              if not any(c['class'] in PROBLEM for c in t['cells']
                         if c['kernel'] in kernels)}
    check(dom.folded == folded, 'html: %s: folded rows %s, want %s' %
          (page, sorted(dom.folded)[:4], sorted(folded)[:4]))


def check_logs(page, dom, out):
    """The log links of a table's page: those of WANT_LOGS on m1, none
    elsewhere, each a file in out (no link) with what the run left"""
    want = WANT_LOGS if dom.table and dom.table[2] == 'm1' else {}
    got = {k: set(v) for k, v in dom.logs.items()}
    check(got == {k: set(v) for k, v in want.items()},
          'html: %s: log links %s, want %s' % (page, got, sorted(want)))
    for key, links in dom.logs.items():
        for ext, href in links.items():
            path = os.path.join(out, href)
            if not check(href.startswith('logs/') and ':' not in href and
                         os.path.isfile(path) and not os.path.islink(path)
                         and os.path.realpath(path).startswith(
                             os.path.realpath(out) + os.sep),
                         'html: %s: log link %s does not resolve in %s' %
                         (page, href, out)):
                continue
            with open(path) as f:
                text = f.read()
            check(text == want.get(key, {}).get(ext),
                  'html: %s: %s holds %r' % (page, href, text[:60]))


def check_log_links(out):
    """Every page's links to logs resolve to a file of out"""
    n = 0
    for name in os.listdir(out):
        if not name.endswith('.html'):
            continue
        with open(os.path.join(out, name)) as f:
            for href in re.findall(r'href="(logs/[^"]*)"', f.read()):
                n += 1
                path = os.path.join(out, href)
                check(os.path.isfile(path) and not os.path.islink(path),
                      'html: %s links %s, not in %s' % (name, href, out))
    check(n >= 4, 'html: %d links to logs in the pages (the table, the '
          'test page, two logs each)' % n)


def check_html(doc, out):
    index = Dom()
    text = render(os.path.join(out, 'index.html'))
    index.feed(text)
    machine = dict(re.findall(r'<tr data-page="([^"]*)">.*?'
                              r'<td class="machine">([^<]*)<', text))
    check_problems_first(doc, index, out)
    check(len(index.pages) == len(doc['matrices']),
          'html: index lists %d tables, json %d' %
          (len(index.pages), len(doc['matrices'])))
    tables = {(m['fs'], m['section'], m['machine']): m
              for m in doc['matrices']}
    # Chromium takes seconds a page: the tables of the runs written here,
    # and the first of the real runs
    ours = [p for p in index.pages if machine.get(p) in ('m1', 'm2', PAGED)]
    check(len(ours) == 3, 'html: the tables of m1, m2 and %s: %s' %
          (PAGED, ours))
    big = [f for f in os.listdir(out)
           if os.path.getsize(os.path.join(out, f)) > PAGE_MAX]
    check(not big, 'html: pages over 2 MB: %s' % big[:3])
    for page in ours + [index.pages[-1]]:
        dom = Dom()
        dom.feed(render(os.path.join(out, page)))
        check(not dom.scripts, 'html: %s has a script' % page)
        check(all(':' not in l for l in dom.links),
              'html: %s links out: %s' % (page, dom.links))
        m = tables.get(dom.table)
        if not check(m is not None, 'html: %s: table %s not in json' %
                     (page, dom.table)):
            continue
        check((len(dom.others) > 0) == (dom.table[2] == PAGED),
              'html: %s: other pages %s' % (page, dom.others))
        # the pages of the table: together every cell once, newest first
        cells, order = dict(dom.cells), [dom.kernels]
        for other in dom.others:
            more = Dom()
            more.feed(render(os.path.join(out, other)))
            check(more.table == dom.table and not set(more.cells) &
                  set(cells), 'html: %s: not the rest of %s' % (other, page))
            cells.update(more.cells)
            order.append(more.kernels)
            check_folded(other, more, m)
        release = [k['release'] for k in m['kernels']]
        check(sum(reversed(order), []) == release,
              'html: %s: kernels by page %s, want %s' % (page, order,
                                                         release))
        want = {(t['test'], c['kernel']): c['class'] for t in m['tests']
                for c in t['cells']}
        check(cells == want, 'html: %s: cells differ from json: %s' %
              (page, sorted(set(cells.items()) ^ set(want.items()))[:4]))
        check_folded(page, dom, m)
        check_logs(page, dom, out)
        if len(m['kernels']) > 1:
            a, b = m['kernels'][-2]['release'], m['kernels'][-1]['release']
            changed = {t for (t, k), c in want.items() if k == a and
                       c != want[(t, b)]}
            check(dom.changed == changed, 'html: %s: compare view %s, want %s'
                  % (page, sorted(dom.changed)[:4], sorted(changed)[:4]))
    shot = os.path.join(WORK, 'matrix.png')
    render(os.path.join(out, (ours or index.pages)[0]), shot)
    check(os.path.getsize(shot) > 10000, 'html: screenshot too small')
    print('screenshot: %s' % shot)
    # the second page of the table of many kernels, as people see it
    paged = [p for p in ours if machine[p] == PAGED]
    if paged:
        shot = os.path.join(WORK, 'matrix-page2.png')
        render(os.path.join(out, paged[0].replace('.html', '-2.html')), shot)
        check(os.path.getsize(shot) > 10000, 'html: page 2 screenshot too small')
        print('screenshot: %s' % shot)


def main():
    if not CHROMIUM:
        sys.exit('chromium not found: install it (dev/setup.sh does)')
    arch, data = make_archive()
    doc = json.loads(fexp('matrix', '--format', 'json', '--data', data,
                          arch))
    check_json(doc)
    one = json.loads(fexp('matrix', '--format', 'json', '--data', data,
                          '--fs', 'ext4', '--kernel', '6.6*', arch))
    check({k['release'] for m in one['matrices'] for k in m['kernels']} ==
          {'6.6.30'}, 'json: --kernel 6.6* lets other kernels through')
    out = os.path.join(WORK, 'pages')
    fexp('matrix', '-o', out, '--data', data, arch)
    check_html(doc, out)
    check_log_links(out)
    for f in failures:
        print('FAIL: ' + f)
    print('%d failed' % len(failures))
    sys.exit(1 if failures else 0)


main()
