#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The man page says each command's options as its option table does.

For every command of FEXP --list-cmds, the options of COMMAND --list-opts
(the table --help is made from) are compared with the man page (RST):
both synopses of the command (the SYNOPSIS section and the command's own
section) name exactly its options, by long or short name, with
*KERNEL-OPTIONS* standing for the kernel options when the command has
them all; each option is an item of the command's section; and the
SYNOPSIS, as man shows it (indented), stays within 80 columns. Each difference is
named with its line; the exit status is 1 when there is one.

Usage: dev/check-options.py FEXP RST
"""
import re
import subprocess
import sys

INDENT = 8     # where man starts the lines of the SYNOPSIS
OPT = re.compile(r'\*\*(--?[A-Za-z0-9][A-Za-z0-9-]*)\*\*')


def run(*args):
    return subprocess.run(args, check=True, capture_output=True,
                          text=True).stdout


def table(fexp, cmd):
    """{name: long name} of every option of cmd but --help."""
    names, last = {}, None
    for line in run(fexp, cmd, '--list-opts').splitlines():
        name, _, arg = line.partition(' ')
        if name.startswith('--'):
            last = (name, arg)
            names[name] = name
        elif last and arg == last[1]:
            names[name] = last[0]
    return {n: l for n, l in names.items() if l != '--help'}


def rendered(line):
    """A line of the SYNOPSIS line block as man shows it."""
    line = re.sub(r'^\| ?', '', line)
    return line.replace('\\ ', '').replace('\\|', '|').replace('*', '')


def main(fexp, rst):
    lines = open(rst, encoding='utf-8').read().split('\n')
    bad = []

    def say(n, text):
        bad.append(f'{rst}:{n + 1}: {text}')

    top = lines.index('SYNOPSIS')
    end = lines.index('DESCRIPTION')
    kernel = set()
    for i in range(top, end):
        if lines[i].startswith('*KERNEL-OPTIONS* :='):
            kernel = set(OPT.findall(' '.join(lines[i:end])))
        elif lines[i].startswith('|') and \
                INDENT + len(rendered(lines[i])) > 80:
            say(i, f'SYNOPSIS line of {INDENT + len(rendered(lines[i]))} '
                   'columns as man shows it (at most 80)')
    if not kernel:
        say(top, 'no *KERNEL-OPTIONS* := line in SYNOPSIS')
    starts = [i for i, l in enumerate(lines)
              if re.match(r'\| \*\*fstests-expunge\*\* \*\*[a-z]', l) or
              re.match(r'\*\*fstests-expunge\*\* \*\*[a-z]', l)]

    def block(i):
        """The synopsis at line i, with the lines that continue it."""
        j = i + 1
        while j < len(lines) and (lines[j].startswith('|   ') or
                                  (not lines[i].startswith('|') and
                                   lines[j].strip())):
            j += 1
        return ' '.join(lines[i:j])

    for cmd in run(fexp, '--list-cmds').split():
        if cmd == 'help':
            continue
        opts = table(fexp, cmd)
        longs = set(opts.values())
        has_kernel = kernel <= longs
        want = longs - kernel if has_kernel else longs
        mine = [i for i in starts
                if re.search(rf'\*\*fstests-expunge\*\* \*\*{cmd}\*\*',
                             lines[i])]
        if len(mine) != 2:
            say(top, f'{cmd}: {len(mine)} synopses (one in SYNOPSIS, one '
                     'in its section)')
        for i in mine:
            text = block(i)
            said = set()
            for name in OPT.findall(text):
                if name in opts:
                    said.add(opts[name])
                elif name not in kernel or not has_kernel:
                    say(i, f'{cmd} synopsis: {name} is no option of {cmd}')
            for name in sorted(want - said):
                say(i, f'{cmd} synopsis: {name} missing')
            if has_kernel != ('*KERNEL-OPTIONS*' in text):
                say(i, f'{cmd} synopsis: *KERNEL-OPTIONS* '
                       f'{"missing" if has_kernel else "but no kernel options"}')
        own = [i for i in mine if not lines[i].startswith('|')]
        if not own:
            continue
        j = own[0] + 1
        items = set()
        while j < len(lines) and not re.match(r'^-+$', lines[j]) and \
                not re.match(r'\*\*fstests-expunge\*\* \*\*', lines[j]):
            if lines[j].startswith('**-'):
                items |= {opts.get(n, n) for n in OPT.findall(lines[j])}
            j += 1
        for name in sorted(want - items):
            say(own[0], f'{cmd}: {name} is no item of its section')
    for b in bad:
        print(b)
    print(f'options: {len(bad)} difference{"" if len(bad) == 1 else "s"} '
          'between the man page and the option tables')
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
