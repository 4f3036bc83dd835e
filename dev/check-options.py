#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The man page and --help say each command's options as its table does.

For every command of FEXP --list-cmds, the options of COMMAND --list-opts
(the table --help is made from) are compared with the man page (RST):
both synopses of the command (the SYNOPSIS section and the command's own
section) name exactly its options, by long or short name, with
*KERNEL-OPTIONS* standing for the kernel options when the command has
them all; each option is an item of the command's section; and the
SYNOPSIS, as man shows it (indented), stays within 80 columns. Then
COMMAND --help: its synopsis names exactly the table's options too, each
with the argument the table gives it (--format's choices are the format
table's), and is the man page's SYNOPSIS of the command byte for byte,
line by line as man shows it, and the synopsis of the command's own
section word for word; its option list is the table's options, and
[KERNEL-OPTIONS] has its heading there. A default the --help of an
option states ("default 3", "else 3", made from the constant the code
uses) is stated by the man page's item of that option too. Each
difference is named with its line; the exit status is 1 when there is
one.

Usage: dev/check-options.py FEXP RST
"""
import re
import subprocess
import sys

INDENT = 8     # where man starts the lines of the SYNOPSIS
OPT = re.compile(r'\*\*(--?[A-Za-z0-9][A-Za-z0-9-]*)\*\*')
# an option in plain text: not the "-bld" of xfstests-bld, nor "--" alone
C_OPT = re.compile(r'(?<![\w-])(--?[A-Za-z0-9][A-Za-z0-9-]*)')
# an item of --help's option list: "  -o, --output FILE" or "      --all"
HELP_ITEM = re.compile(r'^ {2,}(?:-[A-Za-z0-9], )?(--[A-Za-z0-9][\w-]*)',
                       re.M)


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


def arguments(fexp, cmd):
    """{name: its argument in the table, '' for none} of cmd's options"""
    args = {}
    for line in run(fexp, cmd, '--list-opts').splitlines():
        name, _, arg = line.partition(' ')
        args[name] = arg
    return args


def check_arguments(cmd, usage, args):
    """Each option of the synopsis is followed by the table's argument"""
    bad = []
    toks = usage.split()
    for i, tok in enumerate(toks):
        name = tok.lstrip('[{')
        if name not in args or not args[name]:
            continue
        got = toks[i + 1].rstrip(']}.') if i + 1 < len(toks) else ''
        if got != args[name]:
            bad.append(f'{cmd} --help synopsis: {name} {got}: the table '
                       f'says {name} {args[name]}')
    return bad


DEFAULT = re.compile(r'\b(?:default|else) \d+\b')


def item_text(text, name):
    """The help of option name in an option list, its lines joined"""
    m = re.search(rf'^ {{2,}}(?:-[A-Za-z0-9], )?{re.escape(name)}\b'
                  r'(.*(?:\n {8,}.*)*)', text, re.M)
    return words(m.group(1)) if m else ''


def rendered(line):
    """A line of the SYNOPSIS line block as man shows it."""
    line = re.sub(r'^\| ?', '', line)
    return line.replace('\\ ', '').replace('\\|', '|').replace('*', '')


def words(text):
    """text with its runs of white space made one space."""
    return ' '.join(text.split())


def help_text(fexp, cmd):
    """The synopsis of cmd --help (after "Usage: PROG") and the rest."""
    out = run(fexp, cmd, '--help')
    usage, _, rest = out.partition('\n\n')
    return re.sub(r'^Usage: \S+ ', '', usage), rest


def names(text, opts):
    """The options text names, by their long names where known."""
    return {opts.get(n, n) for n in C_OPT.findall(text)}


def check_help(fexp, cmd, opts, want, has_kernel, man):
    """The differences of cmd --help from its table and the man page.

    man: the lines of the command's SYNOPSIS as man shows them, and the
    words of its own section's synopsis."""
    usage, rest = help_text(fexp, cmd)
    said = names(usage, opts)
    bad = [f'{cmd} --help synopsis: {n} is no option of {cmd}'
           for n in sorted(said - set(opts.values()))]
    bad += [f'{cmd} --help synopsis: {n} missing'
            for n in sorted(want - said)]
    if has_kernel != ('[KERNEL-OPTIONS]' in usage):
        bad.append(f'{cmd} --help synopsis: [KERNEL-OPTIONS] '
                   f'{"missing" if has_kernel else "but no kernel options"}')
    lines = [line.strip() for line in usage.split('\n')]
    if man is not None and lines != man[0]:
        bad.append(f'{cmd} --help synopsis is not the man page\'s: '
                   f'{lines} against {man[0]}')
    if man is not None and man[1] is not None and words(usage) != man[1]:
        bad.append(f'{cmd} --help synopsis is not its section\'s: '
                   f'"{words(usage)}" against "{man[1]}"')
    bad += check_arguments(cmd, usage, arguments(fexp, cmd))
    listed = {opts.get(n, n) for n in HELP_ITEM.findall(rest)}
    listed.discard('--help')
    bad += [f'{cmd} --help: {n} is not in its option list'
            for n in sorted(set(opts.values()) - listed)]
    bad += [f'{cmd} --help: {n} is listed but no option of {cmd}'
            for n in sorted(listed - set(opts.values()))]
    if has_kernel and not re.search(r'^KERNEL-OPTIONS: ', rest, re.M):
        bad.append(f'{cmd} --help: no "KERNEL-OPTIONS:" heading')
    return bad


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

    def shown(i):
        """The SYNOPSIS entry at line i as man shows it, after its name:
        its lines, each without the indent"""
        j = i + 1
        while j < len(lines) and lines[j].startswith('|   '):
            j += 1
        text = [rendered(line).strip() for line in lines[i:j]]
        text[0] = re.sub(r'^fstests-expunge ', '', text[0])
        return text

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
        top_one = [i for i in mine if lines[i].startswith('|')]
        own = [i for i in mine if not lines[i].startswith('|')]
        own_words = re.sub(r'^fstests-expunge ', '',
                           words(rendered(block(own[0])))) if own else None
        man = (shown(top_one[0]), own_words) if top_one else None
        for text in check_help(fexp, cmd, opts, want, has_kernel, man):
            say(top_one[0] if top_one else top, text)
        if not own:
            continue
        j = own[0] + 1
        items, item = {}, None
        while j < len(lines) and not re.match(r'^-+$', lines[j]) and \
                not re.match(r'\*\*fstests-expunge\*\* \*\*', lines[j]):
            if lines[j].startswith('**-'):
                item = [opts.get(n, n) for n in OPT.findall(lines[j])]
                for name in item:
                    items[name] = [j, '']
            elif item and lines[j].startswith('    '):
                for name in item:
                    items[name][1] += ' ' + rendered(lines[j])
            elif not lines[j].strip():
                item = None
            j += 1
        for name in sorted(want - set(items)):
            say(own[0], f'{cmd}: {name} is no item of its section')
        _, rest = help_text(fexp, cmd)
        for name in sorted(set(items)):
            for d in DEFAULT.findall(item_text(rest, name)):
                if d not in words(items[name][1]):
                    say(items[name][0], f'{cmd}: {name}: --help says '
                        f'"{d}", its item does not')
    for b in bad:
        print(b)
    print(f'options: {len(bad)} difference{"" if len(bad) == 1 else "s"} '
          'between the man page and the option tables')
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
