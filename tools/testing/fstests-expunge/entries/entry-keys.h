/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The values of the provenance and environment keys of a data line:
 * from=, cause=, test-fixed=, env= (see data-format.rst).
 */
#ifndef FEXP_ENTRY_KEYS_H
#define FEXP_ENTRY_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "kernel/version.h"

/* cause=: what is at fault */
enum entry_cause {
	CAUSE_NONE,	/* not said */
	CAUSE_KERNEL,
	CAUSE_TEST,	/* the fstests test */
	CAUSE_TOOLS,	/* userspace: xfsprogs, e2fsprogs, ... */
	CAUSE_ENV,	/* devices, machine, cloud */
	CAUSE_UNTRIAGED,	/* no source says: where and when seen only */
};

/* crash=: the class of a failure that takes the machine down */
enum entry_crash {
	CRASH_NONE,	/* not said */
	CRASH_HANG,	/* a hang, a hung task */
	CRASH_LOCKUP,	/* a soft or hard lockup */
	CRASH_OOPS,	/* an oops, a BUG */
	CRASH_PANIC,
	CRASH_OOM,	/* the OOM killer */
	CRASH_ASSERT,	/* a kernel assertion (XFS: fatal with XFS_DEBUG) */
};

/* The crash classes, as "known: ..." for messages */
#define CRASH_CLASSES	"hang lockup oops panic oom assert"

/* The sources a from= origin names, as "known: ..." for messages */
#define ORIGIN_SOURCES	"bld xfstests-bld kdevops fstests results hand user"
/* The environment switches defined, as "known: ..." for messages */
#define ENV_SWITCHES	"large-disk fast gce"

/* Why one origin SOURCE[:PATH][@REV] is not one, or NULL. */
const char *origin_check(const char *origin);
/*
 * The short form of a valid origin, as the data writes it: a list file
 * of xfstests-bld or kdevops by harness and list, without the path of
 * the lists in the harness's tree and without @REV (bld:ext4 is
 * test-appliance/files/root/fs/ext4/exclude, kdevops:any/over-10s is
 * workflows/fstests/expunges/any/FS/over-10s.txt); a list of a kdevops
 * kernel directory (DIR/FS/unassigned/SECTION.txt or all.txt, long or
 * as kdevops:DIR, kdevops:DIR/all) is just "kdevops": its directory is
 * the line's seen= (see origin_kdevops_kernel()); another origin as it
 * is. Allocated.
 */
char *origin_short(const char *origin);
/*
 * Does a valid origin name a list of a kdevops kernel directory, one
 * origin_short() writes "kdevops"? *v is then the directory's kernel, as
 * seen= says it (kdevops:6.6.0-rc2+/all: 6.6-rc2).
 */
bool origin_kdevops_kernel(const char *origin, struct kver *v);
/*
 * The kdevops list for every kernel that a plain "kdevops" names on a
 * line with env= switches env (NULL-terminated, or NULL for none) and
 * seen= or not: kdevops:any/over-10s for env=fast (kdevops' --fast-tests
 * list), kdevops:any/large-disk for env=!large-disk, kdevops:any/all
 * for no env=; NULL where the line names none of them alone (seen=: the
 * kernel directories of its kernels, see origin_kdevops_kernel()).
 */
const char *origin_kdevops_any(char *const *env, bool has_seen);

/*
 * The length of the SOURCE of origin when it names one and goes on
 * with ':' (kdevops:6.1.72+ gives 7), else 0 (hand, or no source).
 */
size_t origin_source_len(const char *origin);
/*
 * A from= value's origins with the shared prefix undone: an origin that
 * names no source takes the previous origin's "SOURCE:" (kdevops:6.1.72+,
 * 6.6.11+ is kdevops:6.1.72+,kdevops:6.6.11+). In place: each word of
 * list (NULL-terminated, allocated) reallocated as needed.
 */
void origins_expand(char **list);
/*
 * The origins of list (NULL-terminated, each in full) as from= writes
 * them, joined by ',': an origin of the same SOURCE: as the one before
 * it without its "SOURCE:", unless the rest would then read as naming
 * a source. Allocated.
 */
char *origins_join(char *const *list);
/* The same for a from= value, a comma list in either form. Allocated. */
char *origins_rejoin(const char *value);
/* A from= value with every origin in full, a comma list. Allocated. */
char *origins_full(const char *value);

/* "kernel", "test", "tools", "env", "untriaged" to a cause: -1 if none. */
int cause_parse(const char *s, enum entry_cause *cause);
const char *cause_name(enum entry_cause cause);

/* A crash class by name: -1 if none of CRASH_CLASSES */
int crash_parse(const char *s, enum entry_crash *crash);
const char *crash_name(enum entry_crash crash);

/*
 * Is s a failure rate F/N (F of N attempts failed, 1 <= F <= N, no
 * more than 6 digits each)? *below_one when F < N: some attempts passed.
 */
bool rate_valid(const char *s, bool *below_one);

/* Why an env= name ("NAME" or "!NAME") is not one, or NULL. */
const char *env_name_check(const char *name, bool negation);
/* Is name one of the switches data-format.rst defines? */
bool env_defined(const char *name);
/* The i-th switch data-format.rst defines, or NULL past the last */
const char *env_switch(size_t i);

/*
 * large-disk holds on a scratch device of this many GiB or more: the
 * most its tests ask for is 10 GiB free on the scratch filesystem
 * (_require_fs_space 10485760, KiB, in fstests' generic/038, generic/048
 * and xfs/167); the others make filesystems of 1 to 5 GiB on it
 * (_scratch_mkfs_sized). data-format.rst says the same.
 */
#define LARGE_DISK_GIB	10

/*
 * Do env= names (NULL-terminated, "!NAME" for "unless NAME") hold when
 * the user stated the switches in stated (NULL-terminated, or NULL)?
 * True when a positive name is stated (or there is none) and no
 * negated name is.
 */
bool env_holds(char *const *env, char *const *stated);

#endif
