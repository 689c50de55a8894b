/* archive_lib.c: libarchive through dlopen (see archive_lib.h). */
#include "archive_lib.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#ifndef HAMLE_LIBARCHIVE_SONAME
#error "HAMLE_LIBARCHIVE_SONAME (libarchive's soname) is set by cmd/CMakeLists.txt"
#endif

int hamle_archive_lib_open(hamle_archive_lib *lib, char *why, size_t why_size)
{
	return hamle_archive_lib_open_named(lib, HAMLE_LIBARCHIVE_SONAME, why, why_size);
}

int hamle_archive_lib_open_named(hamle_archive_lib *lib, const char *soname, char *why, size_t why_size)
{
	memset(lib, 0, sizeof(*lib));
	lib->handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	if (!lib->handle) {
		const char *e = dlerror();
		snprintf(why, why_size, "compressed files and archives need %s (Debian: libarchive13): %s",
			soname, e ? e : "not loaded");
		return -1;
	}
	/* Each field gets its symbol; the unevaluated assignment in sizeof makes the compiler check
	 * the field's type against archive.h's declaration without referring to the symbol. */
#define LOAD(field, name)                                                                       \
	do {                                                                                        \
		(void)sizeof(lib->field = name);                                                        \
		void *sym = dlsym(lib->handle, #name);                                                  \
		if (!sym) {                                                                             \
			snprintf(why, why_size, "%s has no %s: too old a libarchive", soname, #name);           \
			hamle_archive_lib_close(lib);                                                       \
			return -1;                                                                          \
		}                                                                                       \
		memcpy(&lib->field, &sym, sizeof(sym)); /* POSIX: a function's address as void * */     \
	} while (0)
	LOAD(read_new, archive_read_new);
	LOAD(read_support_filter_gzip, archive_read_support_filter_gzip);
	LOAD(read_support_filter_bzip2, archive_read_support_filter_bzip2);
	LOAD(read_support_filter_xz, archive_read_support_filter_xz);
	LOAD(read_support_filter_lzma, archive_read_support_filter_lzma);
	LOAD(read_support_filter_zstd, archive_read_support_filter_zstd);
	LOAD(read_support_format_tar, archive_read_support_format_tar);
	LOAD(read_support_format_zip_streamable, archive_read_support_format_zip_streamable);
	LOAD(read_support_format_empty, archive_read_support_format_empty);
	LOAD(read_support_format_raw, archive_read_support_format_raw);
	LOAD(read_open, archive_read_open);
	LOAD(read_next_header, archive_read_next_header);
	LOAD(read_data_block, archive_read_data_block);
	LOAD(read_data_skip, archive_read_data_skip);
	LOAD(read_free, archive_read_free);
	LOAD(filter_count, archive_filter_count);
	LOAD(filter_bytes, archive_filter_bytes);
	LOAD(format, archive_format);
	LOAD(error_string, archive_error_string);
	LOAD(set_error, archive_set_error);
	LOAD(entry_pathname, archive_entry_pathname);
	LOAD(entry_filetype, archive_entry_filetype);
#undef LOAD
	return 0;
}

void hamle_archive_lib_close(hamle_archive_lib *lib)
{
	if (!lib || !lib->handle)
		return;
	dlclose(lib->handle);
	memset(lib, 0, sizeof(*lib));
}
