/* magic.h: what an input is, from its first bytes (never from its name): plain text, a compressed
 * stream (gzip, bzip2, xz, zstd) or an archive (zip, tar). input.c asks it of every file it opens
 * and of stdin, and hands whatever is not plain to unpack.h. Pure functions of bytes. */
#ifndef HAMLE_CLI_MAGIC_H
#define HAMLE_CLI_MAGIC_H

#include <stddef.h>

/* Bytes enough to tell every kind: a tar header's magic is at offset 257, its checksum covers 512. */
#define HAMLE_MAGIC_BYTES 512

typedef enum {
	HAMLE_MAGIC_PLAIN = 0, /* anything else: read as it is */
	HAMLE_MAGIC_GZIP,      /* 1F 8B */
	HAMLE_MAGIC_BZIP2,     /* "BZh" and a block size digit 1-9 */
	HAMLE_MAGIC_XZ,        /* FD "7zXZ" 00 */
	HAMLE_MAGIC_ZSTD,      /* 28 B5 2F FD */
	HAMLE_MAGIC_ZIP,       /* "PK" 03 04 (a member), 05 06 (empty archive), 07 08 (spanned) */
	HAMLE_MAGIC_TAR        /* "ustar" at 257 and a header checksum that adds up */
} hamle_magic_kind;

/* The kind of an input whose first n bytes are p (n may be less than HAMLE_MAGIC_BYTES when the
 * input is shorter). */
hamle_magic_kind hamle_magic(const unsigned char *p, size_t n);

/* Static name: "plain", "gzip", "bzip2", "xz", "zstd", "zip", "tar". */
const char *hamle_magic_name(hamle_magic_kind k);

#endif
