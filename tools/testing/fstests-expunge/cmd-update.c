// SPDX-License-Identifier: GPL-2.0
/* "update": data changes proposed from results. */
#include "main.h"

int do_update(int argc, char **argv)
{
	return EXIT_USAGE;
}
