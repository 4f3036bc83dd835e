/* SPDX-License-Identifier: GPL-2.0 */
/* A data entry as a JSON object. */
#ifndef FEXP_ENTRY_JSON_H
#define FEXP_ENTRY_JSON_H

#include "entries/entry.h"
#include "lib/json-writer.h"

/*
 * An entry of the data as an object: { "file", "line", "test", "kind",
 * "retries", "sections", "since", "fixed", "fixed_by", "if", "bug",
 * "reason", "until", "seen", "passed", "from", "cause", "test_fixed_by",
 * "test_fixed", "env" }; absent values are null, retries only for flaky
 * entries. The next value of w.
 */
void jsonw_entry(struct json_writer *w, const struct entry *e);

/* The entry as jsonw_entry() writes it, alone on one line, into sb */
void json_entry(struct strbuf *sb, const struct entry *e);

#endif
