/* magic.c: the kind of an input from its first bytes (see magic.h). */
#include "magic.h"

#include <string.h>

/* A tar header (POSIX ustar or GNU): its magic, and the checksum at 148 (octal, the sum of the
 * header's 512 bytes with the checksum field read as spaces). */
static int is_tar(const unsigned char *p, size_t n)
{
	if (n < 512 || memcmp(p + 257, "ustar", 5) != 0)
		return 0;
	unsigned long want = 0, sum = 0;
	size_t i = 148;
	while (i < 156 && p[i] == ' ')
		i++;
	size_t digits = 0;
	for (; i < 156 && p[i] >= '0' && p[i] <= '7'; i++, digits++)
		want = want * 8 + (unsigned long)(p[i] - '0');
	if (digits == 0)
		return 0;
	for (i = 0; i < 512; i++)
		sum += (i >= 148 && i < 156) ? (unsigned long)' ' : p[i];
	return sum == want;
}

hamle_magic_kind hamle_magic(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] == 0x1F && p[1] == 0x8B)
		return HAMLE_MAGIC_GZIP;
	if (n >= 4 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h' && p[3] >= '1' && p[3] <= '9')
		return HAMLE_MAGIC_BZIP2;
	if (n >= 6 && memcmp(p, "\xFD" "7zXZ\0", 6) == 0)
		return HAMLE_MAGIC_XZ;
	if (n >= 4 && memcmp(p, "\x28\xB5\x2F\xFD", 4) == 0)
		return HAMLE_MAGIC_ZSTD;
	if (n >= 4 && p[0] == 'P' && p[1] == 'K' &&
	    ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6) || (p[2] == 7 && p[3] == 8)))
		return HAMLE_MAGIC_ZIP;
	if (is_tar(p, n))
		return HAMLE_MAGIC_TAR;
	return HAMLE_MAGIC_PLAIN;
}

const char *hamle_magic_name(hamle_magic_kind k)
{
	static const char *const names[] = {"plain", "gzip", "bzip2", "xz", "zstd", "zip", "tar"};
	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "plain";
}
