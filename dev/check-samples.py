#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The samples of the documentation are the tool's output: each literal
block of the pages that starts with "$ fstests-expunge CMD" (CMD one
that needs no input of the user's: kernel, exclude, flaky, view) and
shows output after the command is run again here, by a lone copy of
the binary (as a test VM has it: the data built in), and its lines must
be a run of the output's lines. A line "..." stands for any lines, and
"..." in a line for any text; what differs from machine to machine
(versions, counts, paths) is compared by its shape.

Usage: dev/check-samples.py FSTESTS_EXPUNGE RST... [-- WORK_DIR]
Prints "ok - ..." or "not ok - ..." for each sample, then
"N samples checked, M differ"; exits 1 when one differs.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

CHECKED = ('kernel', 'exclude', 'flaky', 'view')


def samples(path):
    """(line number, command, expected lines) of each sample in path"""
    lines = open(path, encoding='utf-8').read().split('\n')
    out = []
    i = 0
    while i < len(lines):
        m = re.match(r'^(\s*)\$ (fstests-expunge .*)$', lines[i])
        if not m:
            i += 1
            continue
        indent, cmd, start = m.group(1), m.group(2), i + 1
        i += 1
        while cmd.endswith('\\') and i < len(lines):
            cmd = cmd[:-1] + lines[i].strip()
            i += 1
        want = []
        while i < len(lines) and (lines[i].startswith(indent) and
                                  lines[i].strip() and
                                  not lines[i].strip().startswith('$ ')):
            want.append(lines[i][len(indent):])
            i += 1
        if want:
            out.append((start, cmd, want))
    return out


def shape(line):
    """What is compared of a line: versions, counts, paths by shape"""
    line = re.sub(r'(/[^\s():]+)+/?', 'PATH', line)
    line = re.sub(r'\b\d+(\.\d+)+(-rc\d+)?([-+][\w.+-]*)?\+?', 'V', line)
    line = re.sub(r'\(\d+ symbols\)', '(N symbols)', line)
    return line.rstrip()


def matches(want, got):
    """Is want a run of got's lines ("..." a wildcard)?"""
    pat = []
    for w in want:
        if w.strip() == '...':
            pat.append(r'(?:[^\n]*\n)*?')
        else:
            parts = [re.escape(shape(p)) for p in w.split('...')]
            pat.append('.*'.join(parts) + r'\n')
    text = ''.join(shape(g) + '\n' for g in got)
    return re.search('(?m)^' + ''.join(pat), text) is not None


def main():
    args = sys.argv[1:]
    work = None
    if '--' in args:
        work = args[args.index('--') + 1]
        args = args[:args.index('--')]
    fexp, pages = args[0], args[1:]
    work = work or tempfile.mkdtemp(prefix='fexp-samples.')
    os.makedirs(work, exist_ok=True)
    # run in work: the copy's path must not be relative to here
    lone = os.path.abspath(os.path.join(work, 'fstests-expunge'))
    shutil.copy(fexp, lone)
    env = dict(os.environ)
    env.pop('FSTESTS_EXPUNGE_DATA', None)
    env.pop('FSTESTS_DIR', None)
    checked = bad = 0
    for page in pages:
        for line, cmd, want in samples(page):
            argv = shlex.split(cmd)
            where = '%s:%d: %s' % (os.path.basename(page), line, cmd)
            if argv[1] not in CHECKED:
                continue
            p = subprocess.run([lone] + argv[1:], capture_output=True,
                               env=env, cwd=work, check=False)
            got = (p.stdout + p.stderr).decode('utf-8', 'replace')
            if argv[1] == 'kernel' and p.returncode == 2:
                print('skip - %s: no config of the running kernel here' %
                      where)
                continue
            checked += 1
            if p.returncode == 0 and matches(want, got.split('\n')):
                print('ok - %s' % where)
                continue
            bad += 1
            print('not ok - %s: the sample is not its output (exit %d)' %
                  (where, p.returncode))
            for w in want:
                print('#   sample: %s' % w)
            for g in got.split('\n')[:12]:
                print('#   output: %s' % g)
    print('%d samples checked, %d differ' % (checked, bad))
    return 1 if bad or not checked else 0


sys.exit(main())
