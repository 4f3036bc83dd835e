// SPDX-License-Identifier: GPL-2.0
/* A kernel's release and embedded config (IKCONFIG) from its ELF image. */
#include <ctype.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kelf.h"
#include "lib/base.h"
#include "lib/decompress.h"
#include "lib/escape.h"
#include "lib/strbuf.h"

/* UTS_LEN: a release is at most 64 characters */
#define RELEASE_MAX	64
/* linux_banner is one line; a longer one is not a banner */
#define BANNER_MAX	1024

#define BANNER_PREFIX	"Linux version "

struct image {
	const char *name;
	char *buf;
	size_t len;
	Elf *elf;
	size_t shstrndx;
};

/* A section's bytes, or NULL when it has none in the file. */
static const char *sec_bytes(const struct image *im, const GElf_Shdr *sh)
{
	if (sh->sh_type == SHT_NOBITS || !sh->sh_size)
		return NULL;
	return im->buf + sh->sh_offset;
}

static const char *sec_name(const struct image *im, const GElf_Shdr *sh)
{
	const char *s = elf_strptr(im->elf, im->shstrndx, sh->sh_name);

	return s ? s : "";
}

/* Check the section headers and every section against the file's size. */
static int check_layout(struct image *im, char **err)
{
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	GElf_Shdr sh;
	size_t n, i = 0;

	if (!gelf_getehdr(im->elf, &eh)) {
		*err = xasprintf("%s: broken ELF header: %s", im->name,
				 elf_errmsg(-1));
		return -1;
	}
	/* Checked before libelf, which takes headers out of bounds as none */
	if (eh.e_shoff &&
	    (eh.e_shoff > im->len ||
	     (im->len - eh.e_shoff) / (eh.e_shentsize ? eh.e_shentsize : 1) <
	     (eh.e_shnum ? eh.e_shnum : 1))) {
		*err = xasprintf("%s: ELF section headers lie outside the file (cut short?)",
				 im->name);
		return -1;
	}
	if (elf_getshdrnum(im->elf, &n) ||
	    elf_getshdrstrndx(im->elf, &im->shstrndx)) {
		*err = xasprintf("%s: broken ELF section headers: %s",
				 im->name, elf_errmsg(-1));
		return -1;
	}
	if (!n) {
		*err = xasprintf("%s: ELF file without sections", im->name);
		return -1;
	}
	while ((scn = elf_nextscn(im->elf, scn))) {
		i++;
		if (!gelf_getshdr(scn, &sh)) {
			*err = xasprintf("%s: broken ELF section header %zu: %s",
					 im->name, i, elf_errmsg(-1));
			return -1;
		}
		if (sh.sh_type == SHT_NOBITS)
			continue;
		if (sh.sh_offset > im->len || im->len - sh.sh_offset < sh.sh_size) {
			*err = xasprintf("%s: ELF section %zu (%s) lies outside the file",
					 im->name, i, sec_name(im, &sh));
			return -1;
		}
	}
	return 0;
}

/* A release token at s (at most n bytes): copied, or NULL if none. */
static char *release_at(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && i <= RELEASE_MAX && isgraph((unsigned char)s[i]))
		i++;
	if (!i || i > RELEASE_MAX || !isdigit((unsigned char)s[0]) ||
	    (i < n && s[i] != ' ' && s[i] != '\0'))
		return NULL;
	return xstrndup(s, i);
}

/* The banner at s (at most n bytes) if it is one: fills ki. */
static bool take_banner(const char *s, size_t n, struct kelf_info *ki)
{
	size_t plen = strlen(BANNER_PREFIX), blen;
	const char *end;

	if (n > BANNER_MAX)
		n = BANNER_MAX;
	end = memchr(s, '\0', n);
	if (!end || !str_starts(s, BANNER_PREFIX))
		return false;
	ki->release = release_at(s + plen, end - s - plen);
	if (!ki->release)
		return false;
	blen = end - s;
	while (blen && (s[blen - 1] == '\n' || s[blen - 1] == ' '))
		blen--;
	ki->banner = xstrndup(s, blen);
	return true;
}

/* linux_banner by the symbol table; 1 found, 0 not. */
static int banner_by_symbol(struct image *im, struct kelf_info *ki)
{
	Elf_Scn *scn = NULL, *target;
	GElf_Shdr sh, tsh;
	GElf_Ehdr eh;
	GElf_Sym sym;
	Elf_Data *d;
	size_t i, count, off, symsize;
	const char *s;

	gelf_getehdr(im->elf, &eh);
	while ((scn = elf_nextscn(im->elf, scn))) {
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		d = elf_getdata(scn, NULL);
		symsize = gelf_fsize(im->elf, ELF_T_SYM, 1, EV_CURRENT);
		if (!d || !symsize)
			continue;
		count = d->d_size / symsize;
		for (i = 0; i < count; i++) {
			if (!gelf_getsym(d, i, &sym))
				break;
			s = elf_strptr(im->elf, sh.sh_link, sym.st_name);
			if (!s || strcmp(s, "linux_banner"))
				continue;
			if (sym.st_shndx == SHN_UNDEF ||
			    sym.st_shndx >= SHN_LORESERVE)
				continue;
			target = elf_getscn(im->elf, sym.st_shndx);
			if (!target || !gelf_getshdr(target, &tsh) ||
			    !sec_bytes(im, &tsh))
				continue;
			/* An address in vmlinux, an offset in an object */
			off = sym.st_value;
			if (eh.e_type != ET_REL) {
				if (sym.st_value < tsh.sh_addr)
					continue;
				off = sym.st_value - tsh.sh_addr;
			}
			if (off >= tsh.sh_size)
				continue;
			if (take_banner(sec_bytes(im, &tsh) + off,
					tsh.sh_size - off, ki)) {
				ki->release_from = "linux_banner";
				return 1;
			}
		}
	}
	return 0;
}

/* Without symbols: the "Linux version " string in .rodata. */
static int banner_by_scan(struct image *im, struct kelf_info *ki)
{
	size_t plen = strlen(BANNER_PREFIX);
	Elf_Scn *scn = NULL;
	const char *p, *end;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(im->elf, scn))) {
		if (!gelf_getshdr(scn, &sh) || !sec_bytes(im, &sh) ||
		    !str_starts(sec_name(im, &sh), ".rodata"))
			continue;
		p = sec_bytes(im, &sh);
		end = p + sh.sh_size;
		while ((p = memmem(p, end - p, BANNER_PREFIX, plen))) {
			if (take_banner(p, end - p, ki)) {
				ki->release_from = ".rodata";
				return 1;
			}
			p += plen;
		}
	}
	return 0;
}

/* .modinfo: NUL-separated key=value strings; vermagic's first word. */
static int read_modinfo(struct image *im, struct kelf_info *ki, char **err)
{
	Elf_Scn *scn = NULL;
	const char *p, *end, *nul;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(im->elf, scn))) {
		if (!gelf_getshdr(scn, &sh) ||
		    strcmp(sec_name(im, &sh), ".modinfo"))
			continue;
		ki->module = true;
		p = sec_bytes(im, &sh);
		end = p ? p + sh.sh_size : p;
		for (; p < end; p = nul + 1) {
			nul = memchr(p, '\0', end - p);
			if (!nul)
				nul = end;
			if (!str_starts(p, "vermagic=") || nul - p < 9)
				continue;
			ki->release = release_at(p + 9, nul - p - 9);
			if (!ki->release) {
				char *v = xstrndup(p, nul - p > 80 ? 80 : nul - p);
				char *q = quote_input(v, QUOTE_MAX);

				*err = xasprintf("%s: vermagic without a release: '%s'",
						 im->name, q);
				free(q);
				free(v);
				return -1;
			}
			ki->release_from = "vermagic";
			return 1;
		}
	}
	return 0;
}

/* The gzip data between IKCFG_ST and IKCFG_ED, in any loaded section. */
static int read_ikconfig(struct image *im, struct kelf_info *ki, char **err)
{
	Elf_Scn *scn = NULL;
	const char *p, *start, *stop, *end;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(im->elf, scn))) {
		if (!gelf_getshdr(scn, &sh) || !sec_bytes(im, &sh) ||
		    !(sh.sh_flags & SHF_ALLOC))
			continue;
		p = sec_bytes(im, &sh);
		end = p + sh.sh_size;
		start = memmem(p, end - p, "IKCFG_ST", 8);
		if (!start)
			continue;
		start += 8;
		stop = memmem(start, end - start, "IKCFG_ED", 8);
		if (!stop) {
			*err = xasprintf("%s: IKCFG_ST without IKCFG_ED in %s",
					 im->name, sec_name(im, &sh));
			return -1;
		}
		if (!is_gzip(start, stop - start)) {
			*err = xasprintf("%s: IKCONFIG data (IKCFG_ST..IKCFG_ED) is not gzip",
					 im->name);
			return -1;
		}
		ki->ikconfig_len = stop - start;
		ki->ikconfig = xmalloc(ki->ikconfig_len);
		memcpy(ki->ikconfig, start, ki->ikconfig_len);
		return 1;
	}
	return 0;
}

int kelf_read(const char *name, char *buf, size_t len, struct kelf_info *ki,
	      char **err)
{
	struct image im = { .name = name, .buf = buf, .len = len };
	int ret = -1;

	memset(ki, 0, sizeof(*ki));
	if (len < SELFMAG || memcmp(buf, ELFMAG, SELFMAG)) {
		*err = xasprintf("%s: not an ELF file", name);
		return -1;
	}
	if (len <= EI_CLASS || len < (buf[EI_CLASS] == ELFCLASS32 ?
				      sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr))) {
		*err = xasprintf("%s: ELF header cut short", name);
		return -1;
	}
	elf_version(EV_CURRENT);
	im.elf = elf_memory(buf, len);
	if (!im.elf || elf_kind(im.elf) != ELF_K_ELF) {
		int e = elf_errno();

		*err = xasprintf("%s: broken ELF file: %s", name,
				 e ? elf_errmsg(e) : "unknown kind");
		goto out;
	}
	if (check_layout(&im, err))
		goto out;
	ret = read_modinfo(&im, ki, err);
	if (ret < 0)
		goto out;
	if (!ret && !banner_by_symbol(&im, ki) && !banner_by_scan(&im, ki)) {
		*err = xasprintf("%s: no kernel release (no linux_banner, no vermagic)",
				 name);
		ret = -1;
		goto out;
	}
	ret = read_ikconfig(&im, ki, err) < 0 ? -1 : 0;
out:
	if (im.elf)
		elf_end(im.elf);
	if (ret)
		kelf_free(ki);
	return ret;
}

void kelf_free(struct kelf_info *ki)
{
	free(ki->release);
	free(ki->banner);
	free(ki->ikconfig);
	memset(ki, 0, sizeof(*ki));
}
