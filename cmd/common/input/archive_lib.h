/* archive_lib.h: libarchive, loaded with dlopen when the first compressed file or archive is
 * opened rather than linked: linking it loads libxml2, ICU, libstdc++ and six compression
 * libraries at every start of every tool (about 1.2 ms of dynamic linking here, as much as the
 * rest of a run on a small file), plain PGN or not. Each hamle_unpack holds its own handle
 * (dlopen counts them): no global state. */
#ifndef HAMLE_CLI_ARCHIVE_LIB_H
#define HAMLE_CLI_ARCHIVE_LIB_H

#include <archive.h>
#include <archive_entry.h>
#include <stddef.h>

/* libarchive's functions unpack.c calls, each with libarchive's own type (archive_lib.c checks
 * every one against archive.h at compile time). */
typedef struct hamle_archive_lib {
	void *handle;
	struct archive *(*read_new)(void);
	int (*read_support_filter_gzip)(struct archive *);
	int (*read_support_filter_bzip2)(struct archive *);
	int (*read_support_filter_xz)(struct archive *);
	int (*read_support_filter_lzma)(struct archive *);
	int (*read_support_filter_zstd)(struct archive *);
	int (*read_support_format_tar)(struct archive *);
	int (*read_support_format_zip_streamable)(struct archive *);
	int (*read_support_format_empty)(struct archive *);
	int (*read_support_format_raw)(struct archive *);
	int (*read_open)(struct archive *, void *, archive_open_callback *, archive_read_callback *,
		archive_close_callback *);
	int (*read_next_header)(struct archive *, struct archive_entry **);
	int (*read_data_block)(struct archive *, const void **, size_t *, la_int64_t *);
	int (*read_data_skip)(struct archive *);
	int (*read_free)(struct archive *);
	int (*filter_count)(struct archive *);
	la_int64_t (*filter_bytes)(struct archive *, int);
	int (*format)(struct archive *);
	const char *(*error_string)(struct archive *);
	void (*set_error)(struct archive *, int, const char *, ...);
	const char *(*entry_pathname)(struct archive_entry *);
	__LA_MODE_T (*entry_filetype)(struct archive_entry *);
} hamle_archive_lib;

/* Loads libarchive (its soname, HAMLE_LIBARCHIVE_SONAME, found at configure time) into *lib.
 * Returns 0, or -1 with why it could not (the library missing, a function missing) in why. */
int hamle_archive_lib_open(hamle_archive_lib *lib, char *why, size_t why_size);

/* The same with another soname (the tests: a library that is not there). */
int hamle_archive_lib_open_named(hamle_archive_lib *lib, const char *soname, char *why, size_t why_size);

/* Lets go of the handle (NULL-safe, and safe on a lib never opened or whose open failed). */
void hamle_archive_lib_close(hamle_archive_lib *lib);

#endif
