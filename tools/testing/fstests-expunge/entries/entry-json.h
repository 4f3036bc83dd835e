/* SPDX-License-Identifier: GPL-2.0 */
/* A data entry as a JSON object. */
#ifndef FEXP_ENTRY_JSON_H
#define FEXP_ENTRY_JSON_H

#include "entries/entry.h"
#include "lib/strbuf.h"

/*
 * An entry of the data as an object: { "file", "line", "test", "kind",
 * "retries", "sections", "since", "fixed", "fixed_by", "if", "bug",
 * "reason" }; absent values are null, retries only for flaky entries.
 */
void json_entry(struct strbuf *sb, const struct entry *e);

#endif
