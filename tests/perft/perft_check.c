/* perft_check FILE MINDEPTH MAXDEPTH: checks every position of a perft suite against its published
 * node counts at the depths in [MINDEPTH, MAXDEPTH], and that its FEN round-trips (emitted in the
 * input's castling style, with "0 1" added where the input had no counters).
 * Reads Ethereal's EPD format ("FEN ;D1 20 ;D2 400") and python-chess's blocks ("id", "epd FEN",
 * "perft DEPTH COUNT"). Exit 77 (skip) when the file is absent because ../shared is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "chess/position_internal.h"

struct stats { long positions, checks, failed, roundtrip_failed; unsigned long long nodes; };

static int castling_style(const char *fen)
{
	const char *s = fen;
	for (int field = 0; field < 2 && s; field++) {
		s = strchr(s, ' ');
		if (s)
			s++;
	}
	int letters = 0, kq = 0;
	for (; s && *s && *s != ' '; s++) {
		if (*s == 'K' || *s == 'Q' || *s == 'k' || *s == 'q')
			kq = 1;
		else if ((*s >= 'A' && *s <= 'H') || (*s >= 'a' && *s <= 'h'))
			letters = 1;
	}
	return letters && !kq ? HAMLE_FEN_SHREDDER : HAMLE_FEN_XFEN;
}

static void check_roundtrip(const char *fen, const struct hamle_position *p, struct stats *st)
{
	char expect[4200], got[HAMLE_FEN_MAX];
	int fields = 0;
	for (const char *s = fen; *s; s++)
		if (*s == ' ' && s[1] && s[1] != ' ')
			fields++;
	snprintf(expect, sizeof(expect), "%s%s", fen, fields + 1 == 4 ? " 0 1" : "");
	hamle_position_fen(got, sizeof(got), p, castling_style(fen));
	if (strcmp(expect, got) != 0) {
		st->roundtrip_failed++;
		fprintf(stderr, "FEN round trip: read  %s\n                emitted %s\n", expect, got);
	}
}

static void check_position(const char *fen, int depth, unsigned long long expected, int lo, int hi,
	struct stats *st, int *fen_checked)
{
	struct hamle_position p;
	hamle_error err;
	hamle_error_clear(&err);
	if (hamle_position_parse(&p, fen, &err) < 0) {
		fprintf(stderr, "bad FEN %s: %s\n", fen, err.message);
		st->failed++;
		return;
	}
	if (!*fen_checked) {
		*fen_checked = 1;
		st->positions++;
		check_roundtrip(fen, &p, st);
	}
	if (depth < lo || depth > hi)
		return;
	unsigned long long got = hamle_perft(&p, depth);
	st->checks++;
	st->nodes += got;
	if (got != expected) {
		st->failed++;
		fprintf(stderr, "perft %d of %s: expected %llu, got %llu\n", depth, fen, expected, got);
	}
}

static void trim(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
		s[--n] = '\0';
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: perft_check FILE MINDEPTH MAXDEPTH\n");
		return 2;
	}
	int lo = atoi(argv[2]), hi = atoi(argv[3]);
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		struct stat st;
		const char *shared = getenv("HAMLE_SHARED");
		if (shared && stat(shared, &st) != 0) {
			printf("skipped: ../shared not found\n");
			return 77;
		}
		perror(argv[1]);
		return 1;
	}
	struct stats st = {0};
	static char line[4096], fen[4096];
	int fen_checked = 0, have_fen = 0;
	while (fgets(line, sizeof(line), f)) {
		trim(line);
		if (!line[0] || line[0] == '#')
			continue;
		if (!strncmp(line, "id ", 3)) {
			have_fen = 0;
			continue;
		}
		if (!strncmp(line, "epd ", 4)) {
			snprintf(fen, sizeof(fen), "%s", line + 4);
			have_fen = 1;
			fen_checked = 0;
			continue;
		}
		if (!strncmp(line, "perft ", 6) && have_fen) {
			int d;
			unsigned long long n;
			if (sscanf(line + 6, "%d %llu", &d, &n) == 2)
				check_position(fen, d, n, lo, hi, &st, &fen_checked);
			continue;
		}
		char *semi = strchr(line, ';');
		if (!semi)
			continue;
		*semi = '\0';
		snprintf(fen, sizeof(fen), "%s", line);
		trim(fen);
		fen_checked = 0;
		for (char *s = semi + 1; s;) {
			int d;
			unsigned long long n;
			if (sscanf(s, " D%d %llu", &d, &n) == 2)
				check_position(fen, d, n, lo, hi, &st, &fen_checked);
			s = strchr(s, ';');
			if (s)
				s++;
		}
	}
	fclose(f);
	printf("%s depths %d-%d: %ld positions, %ld perft checks, %llu nodes, %ld perft failures, %ld FEN round-trip failures\n",
		argv[1], lo, hi, st.positions, st.checks, st.nodes, st.failed, st.roundtrip_failed);
	if (st.checks == 0) {
		fprintf(stderr, "no perft check ran\n");
		return 1;
	}
	return st.failed || st.roundtrip_failed ? 1 : 0;
}
