/* san_parse_fuzzer.c: the whole input as one move token, read with hamle_san_parse in several
 * positions (start, middlegames with castling, en passant, promotions and twins to tell apart, a
 * Chess960 one) and every shipped locale. A token that reads as a legal move is written back in
 * every locale in the SAN, FIDE, LAN and UCI forms (and spoken, which is not read back), and each
 * text must read back as the same move in its locale: abort() otherwise. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hamle/san.h"
#include "notation/san_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const fens[] = {
	NULL, /* start */
	/* white: castling both ways, e5xd6 e.p., b7 promotes (b8, xa8), knights c3/g3 both reach e4 */
	"r3k2r/1P6/8/3pP3/8/2N3N1/8/R3K2R w KQkq d6 0 2",
	/* black: castling both ways, e4xd3 e.p., b2 and g2 promote (xa1, xh1), rooks a8/h8 twins */
	"r3k2r/8/8/8/3Pp3/8/1p4p1/R3K2R b KQkq d3 0 1",
	/* Chess960, castling rights on f and h files */
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
};
#define N_FENS (sizeof(fens) / sizeof(fens[0]))

static const hamle_locale *const *locales;
static size_t n_locales;
static hamle_position *positions[N_FENS];

static void setup(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	locales = fuzz_locales(&n_locales);
	for (size_t i = 0; i < N_FENS; i++)
		if (hamle_position_new(&positions[i], fens[i], NULL) != 0)
			abort();
}

static void check_error(int rc, hamle_move m, const hamle_error *err)
{
	if (rc != HAMLE_ESYNTAX && rc != HAMLE_EILLEGAL && rc != HAMLE_EAMBIGUOUS)
		abort();
	if (m != HAMLE_MOVE_NONE || err->message[0] == '\0')
		abort();
	if (!memchr(err->message, '\0', sizeof(err->message)) || !memchr(err->token, '\0', sizeof(err->token)))
		abort();
}

/* m, a legal move of pos, written in every locale and form, must read back as m. */
static void round_trip(const hamle_position *pos, hamle_move m)
{
	for (size_t l = 0; l < n_locales; l++) {
		for (int form = HAMLE_FORM_SAN; form <= HAMLE_FORM_SPOKEN; form++) {
			char text[256];
			int n = hamle_san_format(text, sizeof(text), pos, locales[l], m, form);
			if (n <= 0 || (size_t)n >= sizeof(text) || strlen(text) != (size_t)n)
				abort();
			if (form != HAMLE_FORM_SPOKEN && n >= HAMLE_SAN_MAX)
				abort();
			char small[4];
			if (hamle_san_format(small, sizeof(small), pos, locales[l], m, form) != n)
				abort();
			if (form == HAMLE_FORM_SPOKEN)
				continue;
			hamle_move back = HAMLE_MOVE_NONE;
			hamle_error err;
			hamle_error_clear(&err);
			int rc = hamle_san_parse(&back, pos, locales[l], text, (size_t)n, NULL, &err);
			if (rc != 0 || back != m) {
				fprintf(stderr, "round trip: locale %s form %d: '%s' reads back as %d (rc %d: %s), want %d\n",
					hamle_locale_tag(locales[l]), form, text, back, rc, err.message, m);
				abort();
			}
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	setup();
	if (size > 256)
		return 0; /* a move token; long inputs only slow the search down */
	const char *text = (const char *)data;
	for (size_t p = 0; p < N_FENS; p++) {
		const hamle_position *pos = positions[p];
		for (size_t l = 0; l < n_locales; l++) {
			hamle_move m = HAMLE_MOVE_NONE;
			hamle_error err;
			hamle_error_clear(&err);
			hamle_san_info info;
			memset(&info, 0, sizeof(info));
			/* alternate the lazy check test and the language of messages */
			info.request = (l & 1) ? HAMLE_SAN_LAZY_CHECK : 0;
			info.messages = (l & 2) ? locales[(l + 1) % n_locales] : NULL;
			int rc = hamle_san_parse(&m, pos, locales[l], text, size, &info, &err);
			/* the fast paths (san_fast.h) answer exactly as the general reader alone */
			hamle_move mg = HAMLE_MOVE_NONE;
			hamle_error eg;
			hamle_error_clear(&eg);
			hamle_san_info ig;
			memset(&ig, 0, sizeof(ig));
			ig.request = (l & 1) ? HAMLE_SAN_LAZY_CHECK : 0;
			ig.messages = (l & 2) ? locales[(l + 1) % n_locales] : NULL;
			int rg = san_parse_general(&mg, pos, locales[l], text, size, &ig, &eg);
			if (rg != rc || mg != m || (rc == 0 && (ig.warnings != info.warnings || ig.gives != info.gives ||
				ig.piece != info.piece || ig.captures != info.captures || ig.marked != info.marked ||
				ig.nag != info.nag || ig.messages != info.messages)) ||
				(rc != 0 && (strcmp(eg.message, err.message) || strcmp(eg.token, err.token)))) {
				fprintf(stderr, "general reader: locale %s: '%.*s' reads %d (rc %d), hamle_san_parse %d (rc %d)\n",
					hamle_locale_tag(locales[l]), (int)size, text, mg, rg, m, rc);
				abort();
			}
			if (rc != 0) {
				check_error(rc, m, &err);
				continue;
			}
			if (m == HAMLE_MOVE_NULL)
				continue;
			if (!hamle_position_is_legal(pos, m))
				abort();
			/* the same token without info and error must read the same */
			hamle_move again = HAMLE_MOVE_NONE;
			if (hamle_san_parse(&again, pos, locales[l], text, size, NULL, NULL) != 0 || again != m)
				abort();
			round_trip(pos, m);
		}
	}
	return 0;
}
