/* quick_tags.c: the tags of a plain game for the quick lane (see quick_tags.h). */
#include <string.h>

#include "pgn/scan.h"
#include "replay/ending.h"
#include "replay/quick_tags.h"
#include "replay/replay_internal.h"

static int is_name_byte(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* As quick_tags.h says. */
size_t replay_quick_tags(const char *s, size_t n, size_t max, struct quick_tags *qt, int *wide)
{
	size_t i = 0;
	qt->roster = 0;
	qt->result = NULL;
	qt->result_len = 0;
	qt->fen = qt->variant = NULL;
	qt->fen_len = qt->variant_len = 0;
	qt->forfeit = 0;
	int termination = 0;
	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
			i++;
		if (i >= n || s[i] != '[')
			return i;
		size_t ns = ++i;
		if (i >= n || !(s[i] >= 'A' && s[i] <= 'Z'))
			return 0;
		while (i < n && is_name_byte((unsigned char)s[i]))
			i++;
		size_t nl = i - ns;
		if (i + 1 >= n || s[i] != ' ' || s[i + 1] != '"')
			return 0;
		i += 2;
		size_t vs = i;
		i = pgn_plain_value_end((const unsigned char *)s, i, n);
		while (i < n && (unsigned char)s[i] >= 0x80) { /* decoding tells what these are */
			*wide = 1;
			i = pgn_plain_value_end((const unsigned char *)s, i + 1, n);
		}
		size_t vl = i - vs;
		if (i + 1 >= n || s[i] != '"' || s[i + 1] != ']' || nl >= max || vl >= max)
			return 0;
		i += 2;
		const char *name = s + ns;
		if (nl == 3 && !memcmp(name, "FEN", 3) && !qt->fen) {
			qt->fen = s + vs; /* the first, as the tag reader takes it */
			qt->fen_len = vl;
		}
		if (nl == 11 && !termination && !memcmp(name, "Termination", 11)) {
			termination = 1; /* the first, as hamle_game_tag reads it */
			qt->forfeit = replay_time_forfeit(s + vs, vl);
		}
		if (nl == 7 && !memcmp(name, "Variant", 7) && !qt->variant) {
			qt->variant = s + vs;
			qt->variant_len = vl;
		}
		for (unsigned k = 0; k < REPLAY_ROSTER; k++) {
			const struct replay_tag_name *r = &replay_roster[k];
			if (r->len == nl && r->name[0] == name[0] && !memcmp(name, r->name, nl)) {
				if (k == 6 && !(qt->roster & (1u << 6))) {
					qt->result = s + vs;
					qt->result_len = vl;
				}
				qt->roster |= 1u << k;
			}
		}
	}
}

