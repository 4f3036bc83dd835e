#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""No include cycle between the tool's modules.

A module is FILE.c with its FILE.h (a header alone is a module too). It
uses another when its .c or its .h includes that module's header. The
modules and their uses must form no cycle: each cycle is named, one line
a cycle, with the include that makes each of its steps. Tests and fuzz
targets are not modules. The exit status is 1 when there is a cycle.

Usage: dev/check-cycles.py TOOL_DIR
"""
import os
import re
import sys

INCLUDE = re.compile(r'^#\s*include\s*"([^"]+)\.h"', re.M)


def modules(tool):
    """{module: {used module: "file:line" of the first include}}"""
    uses = {}
    for top, dirs, files in os.walk(tool):
        rel = os.path.relpath(top, tool)
        if rel.split(os.sep)[0] in ('tests', 'fuzz'):
            dirs[:] = []
            continue
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(('.c', '.h')):
                continue
            path = os.path.normpath(os.path.join(rel, name))
            mod = path[:-2]
            mine = uses.setdefault(mod, {})
            with open(os.path.join(tool, path), encoding='utf-8') as f:
                text = f.read()
            for m in INCLUDE.finditer(text):
                to = m.group(1)
                if to == mod or '/' not in to:
                    continue
                line = text.count('\n', 0, m.start()) + 1
                mine.setdefault(to, '%s:%d' % (path, line))
    for mod in list(uses):
        for to in list(uses[mod]):
            uses.setdefault(to, {})
    return uses


def components(uses):
    """The strongly connected components of more than one module (Tarjan)"""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(uses[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(uses):
        if v not in index:
            visit(v)
    return sorted(out)


def shortest_cycle(uses, comp):
    """A shortest cycle through the first module of comp, inside comp"""
    start, inside = comp[0], set(comp)
    prev, todo = {start: None}, [start]
    while todo:
        nxt = []
        for v in todo:
            for w in sorted(uses[v]):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w in inside and w not in prev:
                    prev[w] = v
                    nxt.append(w)
        todo = nxt
    return [start]


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: %s TOOL_DIR' % sys.argv[0])
    uses = modules(sys.argv[1])
    comps = components(uses)
    for comp in comps:
        cyc = shortest_cycle(uses, comp)
        steps = ', '.join(uses[a][b] for a, b in zip(cyc, cyc[1:]))
        print('cycle of %d modules (%s): %s (%s)' %
              (len(comp), ' '.join(comp), ' -> '.join(cyc), steps))
    print('cycles: %d modules, %d uses between them, %d cycles' %
          (len(uses), sum(len(u) for u in uses.values()), len(comps)))
    return 1 if comps else 0


if __name__ == '__main__':
    sys.exit(main())
