// SPDX-License-Identifier: GPL-2.0
/* "import": other harnesses' expunge lists, as data lines or into data/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "import/import.h"

static const struct usage usage = {
	.cmd = "import",
	.synopsis =
"--from xfstests-bld|kdevops|fstests|list DIR\n"
"[--fs FS]... [--rev COMMIT] [--srctree DIR]\n"
"[--write] [--data DIR]",
	.about =
"Read another test harness's own expunge lists under DIR (an xfstests-bld\n"
"or a kdevops checkout) and print them as data lines that select what\n"
"that harness selects, each list after a line '# FS.expunge'. Each line\n"
"says where it came from by harness and list (from=bld:ext4,\n"
"from=kdevops with its kernels in seen=); --rev names the source's\n"
"commit on stderr.\n"
"--from fstests reads the kernel fixes an fstests tree's tests name\n"
"(_fixed_by_kernel_commit) and makes a known failure of each one the\n"
"--srctree kernel's git history lacks (backports counted); without git\n"
"history nothing is imported. --from list reads a user's own exclude\n"
"file (DIR is that file): their comments become the reasons. A tree\n"
"without xfstests-bld's global_exclude or kdevops' any/ is a user's own\n"
"lists in that layout: from=user: too. With --write, merge them into the\n"
"data files instead: a line is already there when a line of its test in\n"
"FS.expunge or eol/FS.expunge names in its from= every list it names\n"
"and applies in its sections; that line stays as it is, whatever it\n"
"says now.\n"
"The lines there stay as they are, an entry already there is not added\n"
"again, and a new one goes after the entries of its test or into the\n"
"block of lines imported from the same harness; a user's lines go into\n"
"a block of their own, apart from the harnesses'. A filesystem without\n"
"a data file gets one only when --fs names it or the data directory\n"
"has none yet. The counts said are those of the files written.\n"
"Source lines that cannot be converted are listed on stderr with file,\n"
"line and why.",
	.exit_status =
"Exit status: 0, 1 when the data there or the merged data would not\n"
"parse (nothing is written), or 2 on bad usage or unreadable input: a\n"
"list or directory of lists that cannot be read (then nothing is\n"
"written).",
};

int do_import(int argc, char **argv)
{
	const char *from = NULL, *data = NULL, *rev = NULL, *srctree = NULL;
	struct strlist fs = { 0 };
	bool write = false;
	const struct opt opts[] = {
		OPT_CHOICE(0, "from", &from, "xfstests-bld|kdevops|fstests|list",
			   "the harness whose lists DIR holds"),
		OPT_STRLIST('f', "fs", &fs, "FS",
			    "only this filesystem (repeat for more)"),
		OPT_BOOLEAN(0, "write", &write,
			    "merge into the data files (atomically)"),
		OPT_STRING(0, "data", &data, "DIR",
			   "the data files (default: as for every command)"),
		OPT_STRING(0, "rev", &rev, "COMMIT",
			   "the commit DIR was taken from, said on stderr"),
		OPT_STRING(0, "srctree", &srctree, "DIR",
			   "the kernel git tree judged (--from fstests)"),
		OPT_END()
	};
	int ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0) {
		strlist_free(&fs);
		return parse_options_exit(argc);
	}
	if (!from || argc != 1) {
		pr_err(!from ? "import: --from is required" :
		       argc ? "import: one DIR, please" : "import: no DIR given");
		ret = usage_error("import");
	} else {
		ret = import_from(from, argv[0], &fs, write, data, rev,
				  srctree);
	}
	strlist_free(&fs);
	return ret;
}
