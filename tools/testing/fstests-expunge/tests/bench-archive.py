#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Grow a results archive made by "archive add" to N runs for the matrix
benchmark, without a git commit a run (10,000 commits take minutes): run
i copies the files of distinct run i % D (D: the runs "archive add"
wrote), on machine bench-m(i / D % MACHINES), with a start time and a run
id of its own; and, as a CI's runs go on to newer stable releases, its
x.y.z kernel z + i / (D * MACHINES * 5) (at 10,000 runs from 160
distinct ones: five releases of each series, 42 kernels a table). The
copies keep the tool's own layout and record; only "run", "machine",
"started", "kernel" and "version" change.

Usage: bench-archive.py ARCHIVE N [MACHINES]
"""
import datetime
import os
import re
import shutil
import sys

archive, total = sys.argv[1], int(sys.argv[2])
machines = int(sys.argv[3]) if len(sys.argv) > 3 else 3
runs = os.path.join(archive, 'runs')
# the runs "archive add" made, listed once before the first copy
listed = archive.rstrip('/') + '.distinct'
if not os.path.exists(listed):
    with open(listed, 'w', encoding='utf-8') as f:
        f.write(''.join(d + '\n' for d in sorted(os.listdir(runs))))
with open(listed, encoding='utf-8') as f:
    distinct = f.read().split()
have = len(os.listdir(runs))
if not distinct:
    sys.exit(f'{archive}: no run made by archive add')
start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)


def record(path):
    """The "key: value" lines of a run record, in order"""
    with open(path, encoding='utf-8') as f:
        return [line.rstrip('\n').split(': ', 1) for line in f]


for i in range(have, total):
    src = os.path.join(runs, distinct[i % len(distinct)])
    rid = f'{0xc0 << 56 | i:016x}'
    dst = os.path.join(runs, rid)
    os.mkdir(dst)
    for name in os.listdir(src):
        if name != 'run':
            shutil.copyfile(os.path.join(src, name), os.path.join(dst, name))
    new = {'run': rid, 'machine': f'bench-m{i // len(distinct) % machines}',
           'started': (start + datetime.timedelta(minutes=i)).isoformat()}
    rec = record(os.path.join(src, 'run'))
    kernel = dict(rec).get('kernel', '')
    step = i // (len(distinct) * machines * 5)
    m = re.fullmatch(r'(\d+\.\d+)\.(\d+)', kernel)
    if m and step:
        new['kernel'] = new['version'] = \
            f'{m.group(1)}.{int(m.group(2)) + step}'
    with open(os.path.join(dst, 'run'), 'w', encoding='utf-8') as f:
        for key, value in rec:
            f.write(f'{key}: {new.get(key, value)}\n')
