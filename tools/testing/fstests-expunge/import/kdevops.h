/* SPDX-License-Identifier: GPL-2.0 */
/* The kdevops importer's parts: the tree walk, its lists, their notes. */
#ifndef FEXP_KDEVOPS_H
#define FEXP_KDEVOPS_H

#include <stdbool.h>
#include <stddef.h>

#include "entries/entry.h"
#include "entries/kdevops-kernel.h"
#include "import/import.h"
#include "kernel/version.h"

struct strmap;

/* A kernel the lists are for: one version, or every kernel (any/). */
struct kd_point {
	struct kver v;
	bool any;
	char *name;		/* the first directory name seen for it */
};

/* One list file kdevops would pass to "check -E" for its sections. */
struct kd_list {
	size_t point;
	char *fs;
	char *section;		/* NULL: all.txt or progs.txt, every section */
	const char *env;	/* env= of its entries: "!large-disk", or NULL */
	char *path;		/* the file as opened, for messages */
	char *rel;		/* the file in the kdevops repository, for from= */
};

/* One test line of a list. */
struct kd_test {
	size_t list;
	char *test;
	char *note;		/* the text after '#', or NULL */
	char *listed_as;	/* "xfs/191-input-validation": the name given */
	unsigned int line;
};

/* A recorded symbolic link: path relative to the top, and its target. */
struct kd_link {
	char *path;
	char *target;
};

struct kd_tree {
	char *top;		/* the directory given */
	char *root;		/* the expunges directory, relative to top */
	struct kd_link *links;
	size_t nlinks, links_alloc;
	struct strmap *link_index;	/* a link's path: its place in links */
	struct kd_point *points;
	size_t npoints, points_alloc;
	struct kd_list *lists;
	size_t nlists, lists_alloc;
	struct kd_test *tests;
	size_t ntests, tests_alloc;
};

/* kdevops-walk.c: read every list under dir for the filesystems in fs. */
int kd_walk(const char *dir, const struct strlist *fs, struct kd_tree *t,
	    struct import_result *r);
void kd_tree_free(struct kd_tree *t);
/*
 * The path under the top that logical path p names once the recorded
 * links in it are followed (malloc'd), or NULL for a loop.
 */
char *kd_resolve(const struct kd_tree *t, const char *p);

/*
 * kdevops-names.c: the first kernel after series v: 6.2-rc1 after 6.1,
 * 5.0-rc1 after 4.20. What a kernel directory is for: kdevops_kernel_name().
 */
struct kver kd_next_series(const struct kver *v);

/* What the comments of a test's lines say, in our words. */
struct kd_note {
	enum entry_kind kind;
	/* cause=: "kernel", "test", ..., "untriaged" when none is said */
	const char *cause;
	char *bug;		/* bug= URL (lore, bugzilla), or NULL */
	struct strlist fixed_by; /* kernel commits the comments say fix it */
	char *fixed;		/* the release they say has the fix, or NULL */
	char *cond;		/* a config symbol the failure needs, or NULL */
	struct strlist rates;	/* rate= of a flaky entry: "1/20" */
	/* the comment: the reason said, its facts; empty when none */
	struct strbuf text;
};

/*
 * kdevops-notes.c: sum up the notes of a test over several kernels
 * (the NULL-terminated list; NULL items are lines with no comment).
 */
void kd_note_make(const char *const *notes, size_t n, struct kd_note *out);
void kd_note_free(struct kd_note *n);

#endif
