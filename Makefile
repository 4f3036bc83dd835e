# SPDX-License-Identifier: GPL-2.0
# Working on the fstests-expunge overlay outside a kernel tree.
#
#   make run      set up this machine, then the main job on the running kernel
#   make vm-fstests  ext4/001 and generic/001 in a QEMU guest booting the
#                 set-up's Debian 6.12 kernel (FSTESTS=DIR, VM_TESTS=...)
#   make check    set up, then every test; ends with "N passed, N failed"
#   make screenshot  a PNG of compare's HTML report (build/screenshot/)
#   make bench    compare's time and memory against its floor and peers
#                 (XFSTESTS_BLD=DIR: the peer; BENCH_LARGE_MB=1024), and
#                 matrix over an archive of BENCH_RUNS (10000) runs
#   make fuzz FUZZ_SECONDS=N   each libFuzzer target (one per parser) N s
#   make KSRC=DIR use that kernel tree (default: Debian's linux-source-6.12,
#                 unpacked under .cache/ by the set-up)
#   make apply KSRC=DIR          apply the overlay to that tree (idempotent;
#                 it refuses to lose the tree's own data lines: FORCE=1)
#   make patches KSRC=DIR OUT=DIR  the overlay as a patch series against it
#   make check TREES="DIR..."    prove the overlay in these trees (default:
#                 linux-source-6.1 from .cache/ and KSRC)

CACHE := $(CURDIR)/.cache
BUILD := $(CURDIR)/build
TOOL := tools/testing/fstests-expunge
DEFAULT_KSRC := $(CACHE)/linux-source-6.12
KSRC ?= $(DEFAULT_KSRC)
override KSRC := $(abspath $(KSRC))
FEXP := $(BUILD)/fstests-expunge
TREES ?= $(CACHE)/linux-source-6.1 $(KSRC)
OUT ?= $(BUILD)/patches

ifeq ($(KSRC),$(DEFAULT_KSRC))
SETUP_ARGS := $(CACHE)
else
SETUP_ARGS := $(CACHE) $(KSRC)
endif

all: build

setup:
	@sh dev/setup.sh $(SETUP_ARGS)

build: setup
	@mkdir -p $(BUILD)
	@$(MAKE) --no-print-directory -C $(TOOL) KSRC=$(KSRC) O=$(BUILD)

# A few fast fstests tests in a QEMU guest booting the set-up's Debian
# 6.12 kernel (not part of check: minutes under TCG). FSTESTS=DIR: a
# built fstests tree (default /tmp/fstests); VM_TESTS: the tests.
FSTESTS ?= /tmp/fstests
VM_TESTS ?= ext4/001 generic/001
VM_KERNEL := $(CACHE)/linux-image-6.12.118+deb12-amd64-unsigned/boot/vmlinuz-6.12.118+deb12-amd64
vm-fstests: build
	@mkdir -p $(BUILD)/vm-results
	$(FEXP) run --vm --kernel $(VM_KERNEL) --data $(TOOL)/data --fs ext4 \
		--section ext4_4k --fstests $(FSTESTS) \
		--results $(BUILD)/vm-results -- $(VM_TESTS)

# The main job: what this machine's kernel is, and its exclude files
# (one line each; FS=NAME: that file in full instead of ext4's)
run: build
	@bash dev/run.sh $(FEXP) $(BUILD)/exclude $(FS)

# REFDATA=DIR: the other harnesses' own lists, which make check proves
# the import against; by default ../shared/refdata, whose three checks
# are skipped when it is missing (REFDATA given or CI set: they fail)
check: setup
	@$(if $(REFDATA),REFDATA=$(abspath $(REFDATA))) bash dev/check.sh $(KSRC) \
		$(BUILD) $(TREES)

# Into a tree of yours, never into the cached one make check uses.
apply:
	@if [ "$(KSRC)" = "$(DEFAULT_KSRC)" ]; then \
		echo 'make apply needs KSRC=DIR, a kernel tree of yours' >&2; \
		exit 2; \
	fi
	@scripts/fstests-expunge-apply $(if $(FORCE),--force) $(KSRC)

patches:
	@bash dev/patches.sh $(KSRC) $(OUT)

# compare's speed and memory against its floor and peers, exclude's
# time, matrix's over an archive (not part of check); BENCH_LARGE_MB=1024:
# the RSS at 1 GB; BENCH_RUNS: the runs of the archive
bench: build
	@$(MAKE) --no-print-directory -C $(TOOL) KSRC=$(KSRC) O=$(BUILD) bench \
		$(if $(BENCH_MB),BENCH_MB=$(BENCH_MB)) \
		$(if $(BENCH_LARGE_MB),BENCH_LARGE_MB=$(BENCH_LARGE_MB)) \
		$(if $(BENCH_RUNS),BENCH_RUNS=$(BENCH_RUNS))

# every parser under libFuzzer (clang), FUZZ_SECONDS each (not part of
# check, which runs each for a few seconds)
FUZZ_SECONDS ?= 60
fuzz: setup
	@mkdir -p $(BUILD)/fuzz
	@$(MAKE) --no-print-directory -C $(TOOL) KSRC=$(KSRC) O=$(BUILD)/fuzz \
		CC=clang SANITIZE=fuzz FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz

# a PNG of compare's HTML report on the real runs of the fixtures
screenshot: build
	@bash dev/screenshot.sh $(FEXP) $(BUILD)/screenshot

install: build
	@$(MAKE) --no-print-directory -C $(TOOL) KSRC=$(KSRC) O=$(BUILD) install

uninstall:
	@$(MAKE) --no-print-directory -C $(TOOL) KSRC=$(KSRC) O=$(BUILD) uninstall

clean:
	rm -rf $(BUILD)
	@$(MAKE) --no-print-directory -C $(TOOL) KSRC=$(KSRC) clean >/dev/null 2>&1 || true

.PHONY: all setup build run vm-fstests check bench screenshot fuzz install uninstall clean apply \
	patches
