// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: Kconfig conditions ("if EXPR"): the lint, the symbol
 * scan, and for what the lint lets through, kconfig's own evaluation
 * against a small config (in a child process, as always).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kcond.h"
#include "kernel/kconfig-file.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

static const char config[] =
	"CONFIG_MODULES=y\nCONFIG_FS_DAX=y\nCONFIG_EXT4_FS=m\n"
	"CONFIG_NR_CPUS=64\nCONFIG_LOCALVERSION=\"-fuzz\"\n"
	"CONFIG_PHYSICAL_START=0x1000000\n# CONFIG_XFS_FS is not set\n";

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	static struct kconfig_file cfg;
	static int have_cfg;
	struct kcond c = { 0 };
	char *expr, *msg, *err = NULL;
	char **syms;
	size_t n, i;

	if (!have_cfg) {
		if (kconfig_parse("fuzz.config", config, strlen(config), &cfg,
				  &err))
			abort();
		have_cfg = 1;
	}
	expr = strndup((const char *)buf, len);
	syms = kcond_symbols(expr, &n);
	for (i = 0; i < n; i++)
		free(syms[i]);
	free(syms);
	msg = kcond_lint(expr);
	/* a child per input is slow: evaluate short ones only */
	if (!msg && len < 256) {
		c.expr = expr;
		kcond_eval(&c, 1, &cfg, NULL, &err);
		free(c.error);
	}
	free(msg);
	free(err);
	free(expr);
	return 0;
}
