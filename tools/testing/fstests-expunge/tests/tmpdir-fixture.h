/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The harness fixture "tmp": self->dir, a new temporary directory for
 * each TEST_F(tmp, ...), removed afterwards even when an assertion
 * failed, so that no test leaves one behind.
 */
#ifndef FEXP_TMPDIR_FIXTURE_H
#define FEXP_TMPDIR_FIXTURE_H

#include "test-util.h"

#include "kselftest_harness.h"

FIXTURE(tmp) {
	char *dir;
};

FIXTURE_SETUP(tmp)
{
	self->dir = tmpdir_new();
}

FIXTURE_TEARDOWN(tmp)
{
	tmpdir_remove(self->dir);
}

#endif
