// SPDX-License-Identifier: GPL-2.0
/*
 * Names the tool knows without data: the filesystems fstests runs, and
 * the configurations (sections) of xfstests-bld and kdevops for each.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "entries/known-names.h"
#include "entries/select.h"

/*
 * fstests' common/config and common/rc (v2026.01.05) name these FSTYPs;
 * hfs, hfsplus, ntfs, ntfs3, nilfs2, reiserfs and zonefs run as well
 * (xfstests-bld has configurations for them)
 */
const char fstyp_names[] = {
	"9p afs bcachefs btrfs ceph cifs exfat ext2 ext3 ext4 f2fs fuse gfs2 glusterfs hfs hfsplus jfs msdos nfs nilfs2 ntfs ntfs3 ocfs2 overlay pvfs2 reiser4 reiserfs tmpfs ubifs udf vfat virtiofs xfs zonefs"
};

/* Is word one of the space-separated words of list? */
static bool in_words(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = list; *p; p += strcspn(p, " "), p += *p == ' ') {
		if (strcspn(p, " ") == n && !strncasecmp(p, word, n))
			return true;
	}
	return false;
}

bool fstyp_known(const char *fs)
{
	return *fs && !strchr(fs, ' ') && in_words(fstyp_names, fs);
}

/*
 * The harnesses' configurations per filesystem, without the "FS_" in
 * front: xfstests-bld's test-appliance/files/root/fs/FS/cfg/ (1ef42723)
 * and the section names of kdevops' expunge lists (4b6bbb7f)
 */
static const struct harness_cfg {
	const char *fs, *bld, *kdevops;
} harness[] = {
	{ "9p", "default", "" },
	{ "btrfs", "4k 64k default", "simple simple_zns noraid56 raid56" },
	{ "exfat", "default", "" },
	{ "ext2", "1k default", "" },
	{ "ext3", "default", "" },
	{ "ext4",
	  "1k 2k 4k 64k adv adv2 bigalloc_1k bigalloc_4k bigalloc_4k_inline bigalloc_64k data_journal data_journal_noleak dax dioread_nolock dioread_nolock_1k discard-4k ea_inode ea_inode_1k encrypt encrypt-nodelalloc encrypt_1k encrypt_64k ext3 ext3conv fast_commit fast_commit_1k fast_commit_64k huge_1k huge_4k huge_bigalloc_4k huge_encrypt inline inline_1k largedir lazy_journal logdev lustre_mds metacsum nojournal orphan_file orphan_file_1k orphan_file_64k quota",
	  "defaults advanced_features 1k 2k 4k bigalloc16k_4k bigalloc32k_4k bigalloc64k_4k bigalloc1024k_4k bigalloc2048k_4k",
	},
	{ "f2fs", "compress default encrypt", "" },
	{ "hfs", "default", "" },
	{ "jfs", "default", "" },
	{ "msdos", "default", "" },
	{ "nfs",
	  "client client_v2 client_v3 client_v4 filestore filestore_v3 loopback loopback_v2 loopback_v3 loopback_v4",
	  "",
	},
	{ "ntfs", "default", "" },
	{ "ntfs3", "default", "" },
	{ "overlay", "large small", "" },
	{ "reiserfs", "default", "" },
	{ "tmpfs", "default",
	  "default huge_advise huge_always huge_within_size noswap_huge_advise noswap_huge_always noswap_huge_never noswap_huge_within_size",
	},
	{ "ubifs", "default", "" },
	{ "udf", "default", "" },
	{ "vfat", "default", "" },
	{ "virtiofs", "default", "" },
	{ "xfs",
	  "1k 4k 64k adv dax dirblock_8k logdev quota quota_1k realtime realtime_28k_logdev realtime_logdev v4",
	  "crc nocrc nocrc_512 nocrc_1k nocrc_2k nocrc_4k logdev reflink reflink_1024 reflink_2k reflink_4k reflink_8k reflink_16k reflink_32k reflink_8k_4ks reflink_16k_4ks reflink_32k_4ks reflink_64k_4ks reflink_normapbt reflink_stripe_len reflink_nrext64 reflink_dir_bsize_8k reflink_logdev rtdev rtlogdev realtimedev crc_rtdev crc_logdev crc_logdev_rtdev crc_rtdev_extsize_28k crc_rtdev_extsize_64k bigblock",
	},
};

static const struct harness_cfg *harness_of(const char *fs)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(harness); i++) {
		if (!strcasecmp(harness[i].fs, fs))
			return &harness[i];
	}
	return NULL;
}

/* section, or it without "FS_" or "FS/" in front */
static const char *bare_name(const char *fs, const char *section)
{
	size_t n = strlen(fs);

	if (!strncasecmp(section, fs, n) &&
	    (section[n] == '_' || section[n] == '/') && section[n + 1])
		return section + n + 1;
	return section;
}

/* Does a plain section= glob of an entry match section? */
static bool data_names(const struct dataset *ds, const char *fs,
		       const char *section)
{
	char *one[2] = { NULL, NULL };
	size_t i, j;

	for (i = 0; i < ds->n; i++) {
		char **globs = ds->entries[i].sections;

		for (j = 0; globs && globs[j]; j++) {
			one[0] = globs[j];
			if (globs[j][0] != '!' &&
			    section_matches(one, fs, section))
				return true;
		}
	}
	return false;
}

/* The plain section= globs of ds, each once, into sb */
static void data_globs(const struct dataset *ds, struct strbuf *sb)
{
	struct strbuf seen = { 0 };
	char *key;
	size_t i, j;

	sb_puts(&seen, " ");
	for (i = 0; i < ds->n; i++) {
		char **globs = ds->entries[i].sections;

		for (j = 0; globs && globs[j]; j++) {
			if (globs[j][0] == '!')
				continue;
			key = xasprintf(" %s ", globs[j]);
			if (!strstr(seen.buf, key)) {
				sb_printf(&seen, "%s ", globs[j]);
				sb_printf(sb, " %s", globs[j]);
			}
			free(key);
		}
	}
	sb_free(&seen);
}

char *section_unknown(const struct dataset *ds, const char *fs,
		      const char *section)
{
	const struct harness_cfg *h = harness_of(fs);
	struct strbuf sb = { 0 };
	const char *bare;

	if (!section)
		return NULL;
	bare = bare_name(fs, section);
	if (data_names(ds, fs, section) ||
	    (h && (in_words(h->bld, bare) || in_words(h->kdevops, bare))))
		return NULL;
	sb_printf(&sb,
		  "section '%s' is named by no entry of the %s data and is no xfstests-bld or kdevops configuration of %s: only entries for every section apply (a typo?). The data names:",
		  section, fs, fs);
	data_globs(ds, &sb);
	if (sb.buf[sb.len - 1] == ':')
		sb_puts(&sb, " none");
	if (h && *h->bld)
		sb_printf(&sb, "; xfstests-bld's %s configurations: %s", fs,
			  h->bld);
	if (h && *h->kdevops)
		sb_printf(&sb, "; kdevops' (%s_NAME): %s", fs, h->kdevops);
	return sb.buf;
}

static void add_words(struct strlist *u, const char *fs, const char *words,
		      bool prefix)
{
	const char *p;
	size_t n;

	for (p = words; *p; p += n, p += *p == ' ') {
		char *name;

		n = strcspn(p, " ");
		name = prefix ? xasprintf("%s_%.*s", fs, (int)n, p) :
			xstrndup(p, n);
		if (strlist_has(u, name))
			free(name);
		else
			strlist_add(u, name);
	}
}

void known_sections(const char *fs, struct strlist *u)
{
	const struct harness_cfg *h = harness_of(fs);

	if (!h)
		return;
	add_words(u, h->fs, h->bld, false);
	add_words(u, h->fs, h->kdevops, true);
}
