/* unpack_fuzzer.c: any bytes as an input of the tools (cmd/common/input/magic.c, unpack.c): told by
 * their first bytes, and when they are compressed or an archive, every member read through the
 * reader (hamle_unpack_read as its callback), with small member limits so the limit paths are
 * reached; on the caller's thread, so that a run is deterministic. Every event must be one of
 * the kinds, with a reason where one is due. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hamle/pgn.h"
#include "magic.h"
#include "unpack.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t nhead = size < HAMLE_MAGIC_BYTES ? size : HAMLE_MAGIC_BYTES;
	if (hamle_magic(data, nhead) == HAMLE_MAGIC_PLAIN || size == 0)
		return 0;
	static char none[1];
	/* fmemopen wants a size of at least 1: with nothing after the head, one byte read at once */
	FILE *f = size > nhead ? fmemopen((void *)(data + nhead), size - nhead, "rb") : fmemopen(none, 1, "rb");
	if (!f)
		return 0;
	if (size == nhead)
		fgetc(f);
	hamle_unpack_limits lim = {(data[0] & 1) ? 4096 : 1 << 20, (data[0] & 2) ? 2 : 100, true};
	hamle_unpack *u = NULL;
	if (hamle_unpack_new(&u, f, data, nhead, &lim) < 0) {
		fclose(f);
		return 0;
	}
	for (int members = 0; members < 64; members++) {
		hamle_unpack_event ev;
		if (hamle_unpack_next(u, &ev) < 0 || ev.kind == HAMLE_UNPACK_END)
			break;
		if (ev.kind == HAMLE_UNPACK_SKIP) {
			if (!ev.why)
				__builtin_trap();
			continue;
		}
		if (ev.kind != HAMLE_UNPACK_MEMBER)
			__builtin_trap();
		hamle_reader *r = NULL;
		hamle_reader_options o = HAMLE_READER_OPTIONS_INIT;
		o.max_game_bytes = 512;
		if (hamle_reader_new(&r, &o) == HAMLE_OK &&
		    hamle_reader_set_input(r, hamle_unpack_read, u, "fuzz") == HAMLE_OK) {
			hamle_chunk ch;
			while (hamle_reader_next_chunk(r, &ch) == HAMLE_OK)
				;
		}
		hamle_reader_free(r);
		hamle_unpack_finish(u);
	}
	hamle_unpack_free(u);
	fclose(f);
	return 0;
}
