/* SPDX-License-Identifier: GPL-2.0 */
/* The data that applies to each compared section: by FSTYP and kernel. */
#ifndef FEXP_COMPARE_DATA_H
#define FEXP_COMPARE_DATA_H

#include "datadir.h"
#include "kernel.h"
#include "select.h"

struct compare_data {
	const struct kernel_opts *opts;
	bool kernel_given;	/* --release, --config, --kernel, --build-dir */
	bool release_given;	/* --release, --kernel, --build-dir */
	struct datadir dd;
	bool have_dd;
	struct cd_entry *e;	/* one per filesystem and kernel */
	size_t n, alloc;
};

void compare_data_init(struct compare_data *cd, const struct kernel_opts *o);

/*
 * The entries that apply to a section whose results say FSTYP fs and
 * KERNEL release (either may be NULL), into set; *desc says which data
 * and kernel, or why none applies. Returns 0, or -1 with *err when the
 * data itself is broken.
 */
int compare_data_section(struct compare_data *cd, const char *fs,
			 const char *release, const char *section,
			 struct applied_set *set, char **desc, char **err);
void compare_data_free(struct compare_data *cd);

#endif
