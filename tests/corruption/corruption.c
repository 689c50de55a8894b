/* corruption.c: the suggestion harness. Takes real games, injects ONE error per game (a wrong
 * piece letter, a square typo, a deleted ply, two plies swapped), writes each corrupted game in
 * English, Turkish and German, asks pgn-extract (a checker we did not write) for the first
 * illegal ply of the English form, and replays every form with hamle (--from auto among
 * en tr de fr es it nl). Checks that hamle's first bad ply is pgn-extract's for every game and
 * measures how often the top suggestion is the move the game really had.
 *
 * usage: corruption_check [-n ATTEMPTS] [-v] [-k KEEPDIR] CORPUS_DIR PGN_EXTRACT
 * Exit 0 when every ply agrees and letter swaps and square typos reach 90% top-1 in every
 * language; 1 otherwise; 77 (skip) without the corpus or pgn-extract. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "corpus_games.h"
#include "corruption.h"

static const char *const kind_name[NKIND] = {"letter-swap", "square-typo", "missing-move",
	"swap-adjacent", "swap-same-side"};
static const char *const lang_tag[NLANG] = {"en", "tr", "de"};

struct stats {
	int kept, legal, delayed, ply_ok, at_inj, top1, topk, nosugg;
};

/* Runs pgn-extract on the English forms and reads each game's first failing ply. */
static int run_pgn_extract(struct ctx *c, const char *tool, const char *dir)
{
	char in[4096], err[4096], cmd[12288];
	snprintf(in, sizeof(in), "%s/english.pgn", dir);
	snprintf(err, sizeof(err), "%s/pgn-extract.err", dir);
	FILE *f = fopen(in, "w");
	if (!f)
		return -1;
	for (int i = 0; i < c->nat; i++)
		fputs(c->at[i].text[0], f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "'%s' -s -o /dev/null '%s' 2>'%s'", tool, in, err);
	if (system(cmd) != 0)
		return -1;
	f = fopen(err, "r");
	if (!f)
		return -1;
	char line[1024];
	int pending = 0;
	for (int i = 0; i < c->nat; i++)
		c->at[i].expect = 0;
	while (fgets(line, sizeof(line), f)) {
		int num, id;
		char dots[8];
		if (sscanf(line, "Failed to make move %d%7[.]", &num, dots) == 2) {
			pending = 2 * num - (strlen(dots) >= 3 ? 0 : 1);
		} else if (pending && sscanf(line, "w%d - b", &id) == 1) {
			if (id >= 0 && id < c->nat)
				c->at[id].expect = pending;
			pending = 0;
		} else if (!strncmp(line, "Unknown move text", 17)) {
			fprintf(stderr, "pgn-extract: %s", line);
		}
	}
	fclose(f);
	return 0;
}

/* Known, verified differences between the two checkers, for a game where they disagree:
 * 1 pgn-extract read a pawn capture "bx.." as a bishop move (its leniency: hamle, like the PGN
 *   standard, reads a lower-case b as the b-file), checked by hamle reading the same token with
 *   "B" at hamle's bad ply;
 * 2 hamle read "Kc8"/"Kg1" (king two squares) as castling, with its castle-as-king warning, where
 *   pgn-extract rejects it;
 * 3 hamle read a pawn move with a capture mark that captures nothing ("cxc4" for c5-c4) as the
 *   push with a capture-mark warning (an x where nothing is captured is a warning).
 * 0 when unexplained. */
static int explain(hamle_replay *rp, const char *text, int expect, int ply)
{
	hamle_game *g = cg_read_one(text, "corrupt");
	int why = 0;
	if (g) {
		hamle_replay_run(rp, g);
		const hamle_token *t = hamle_game_tokens(g);
		const hamle_replay_move *rm = hamle_replay_moves(rp);
		struct hamle_position cur = *hamle_replay_start(rp);
		int n = 0;
		for (size_t i = 0; i < hamle_game_token_count(g); i++) {
			if (t[i].kind != HAMLE_TOKEN_MOVE || t[i].depth != 0)
				continue;
			n++;
			char tok[64];
			snprintf(tok, sizeof(tok), "%.*s", (int)t[i].len, t[i].text);
			hamle_move m;
			hamle_san_info info = {0};
			if (n == ply && ply < expect && tok[0] == 'b') {
				tok[0] = 'B';
				if (hamle_san_parse(&m, &cur, hamle_replay_locale(rp), tok, strlen(tok), NULL, NULL) == HAMLE_OK)
					why = 1;
				break;
			}
			if (n == expect && (ply == 0 || ply > expect)) {
				if (hamle_san_parse(&m, &cur, hamle_replay_locale(rp), tok, strlen(tok), &info, NULL) == HAMLE_OK)
					why = (info.warnings & HAMLE_SAN_W_CASTLE_AS_KING) ? 2
						: (info.warnings & HAMLE_SAN_W_CAPTURE_WRONG) ? 3 : 0;
				break;
			}
			if (!(rm[i].flags & HAMLE_RM_MOVE))
				break;
			hamle_make_move(&cur, rm[i].move);
		}
	}
	hamle_game_free(g);
	return why;
}

/* The first move error of the game under hamle: its ply and top suggestions. */
static int hamle_check(hamle_replay *rp, const char *text, hamle_move *sugg, int *nsugg, char *lang, size_t lsize)
{
	hamle_game *g = cg_read_one(text, "corrupt");
	int ply = 0;
	*nsugg = 0;
	if (g) {
		hamle_replay_run(rp, g);
		snprintf(lang, lsize, "%s", hamle_locale_tag(hamle_replay_locale(rp)));
		for (size_t i = 0; i < hamle_replay_finding_count(rp); i++) {
			const hamle_diagnostic *d = hamle_replay_finding(rp, i);
			if (d->severity == HAMLE_SEVERITY_ERROR && d->error.ply > 0) {
				ply = (int)d->error.ply;
				for (unsigned s = 0; s < d->n_suggestions; s++)
					sugg[(*nsugg)++] = d->suggestion[s].move;
				break;
			}
		}
	}
	hamle_game_free(g);
	return ply;
}

int main(int argc, char **argv)
{
	int want = 1500, verbose = 0, opt;
	const char *keep = NULL;
	while ((opt = getopt(argc, argv, "n:vk:")) != -1) {
		if (opt == 'n')
			want = atoi(optarg);
		else if (opt == 'v')
			verbose = 1;
		else if (opt == 'k')
			keep = optarg;
		else
			return 2;
	}
	if (argc - optind != 2) {
		fprintf(stderr, "usage: corruption_check [-n ATTEMPTS] [-v] [-k KEEPDIR] CORPUS_DIR PGN_EXTRACT\n");
		return 2;
	}
	const char *corpus = argv[optind], *tool = argv[optind + 1];
	struct stat st;
	if (stat(corpus, &st) != 0) {
		printf("skipped: ../shared not found\n");
		return 77;
	}
	if (access(tool, X_OK) != 0) {
		printf("skipped: %s not found\n", tool);
		return 77;
	}
	struct ctx c;
	memset(&c, 0, sizeof(c));
	static const char *const tags[7] = {"en", "tr", "de", "fr", "es", "it", "nl"};
	for (int i = 0; i < 7; i++) {
		if (hamle_locale_load_builtin(&c.cand[i], tags[i], NULL) < 0) {
			fprintf(stderr, "cannot load locale %s\n", tags[i]);
			return 2;
		}
	}
	c.ncand = 7;
	for (int l = 0; l < NLANG; l++)
		c.loc[l] = c.cand[l];

	/* the corpus files, sorted, each giving an equal share */
	char *files[MAX_FILES];
	int nfiles = cg_list_pgn(corpus, files, MAX_FILES);
	if (nfiles == 0) {
		printf("skipped: ../shared not found (no .pgn under %s)\n", corpus);
		return 77;
	}
	for (int i = 0; i < nfiles; i++)
		cr_harvest(&c, files[i], (want - c.nat + (nfiles - i) - 1) / (nfiles - i));

	char tmpl[] = "/tmp/hamle-corruption-XXXXXX";
	const char *work = keep;
	if (!work) {
		work = mkdtemp(tmpl);
		if (!work)
			return 2;
	} else {
		mkdir(work, 0777);
	}
	if (run_pgn_extract(&c, tool, work) < 0) {
		fprintf(stderr, "pgn-extract failed\n");
		return 2;
	}

	hamle_replay *rp = NULL;
	hamle_replay_options ro = HAMLE_REPLAY_OPTIONS_INIT;
	ro.candidates = (const hamle_locale *const *)c.cand;
	ro.n_candidates = c.ncand;
	ro.max_suggestions = HAMLE_MAX_SUGGESTIONS;
	hamle_replay_new(&rp, &ro);
	struct stats s[NKIND][NLANG];
	memset(s, 0, sizeof(s));
	int mismatches = 0, games_kept = 0, games_legal = 0, why, explained[4] = {0, 0, 0, 0};
	static const char *const why_text[4] = {"", "pgn-extract reads bx.. as a bishop move",
		"hamle reads a king's two-square move as castling",
		"hamle reads a wrong capture mark as a warning"};
	for (int i = 0; i < c.nat; i++) {
		struct attempt *a = &c.at[i];
		if (a->expect == 0)
			games_legal++;
		else
			games_kept++;
		for (int l = 0; l < NLANG; l++) {
			struct stats *st1 = &s[a->kind][l];
			hamle_move sugg[HAMLE_MAX_SUGGESTIONS];
			int ns;
			char lang[16];
			int ply = hamle_check(rp, a->text[l], sugg, &ns, lang, sizeof(lang));
			if (a->expect == 0) {
				st1->legal++;
				if (ply != 0) {
					mismatches++;
					printf("MISMATCH %s game %d (%s) [%s]: pgn-extract legal, hamle ply %d (read as %s)\n",
						lang_tag[l], i, kind_name[a->kind], a->desc, ply, lang);
				}
				continue;
			}
			st1->kept++;
			if (ply == a->expect) {
				st1->ply_ok++;
			} else if ((why = explain(rp, a->text[0], a->expect, ply)) != 0) {
				explained[why]++;
				if (verbose)
					printf("EXPLAINED %s game %d (%s) [%s]: pgn-extract ply %d, hamle ply %d: %s\n",
						lang_tag[l], i, kind_name[a->kind], a->desc, a->expect, ply, why_text[why]);
				continue;
			} else {
				mismatches++;
				printf("MISMATCH %s game %d (%s) [%s]: pgn-extract ply %d, hamle ply %d (read as %s)\n",
					lang_tag[l], i, kind_name[a->kind], a->desc, a->expect, ply, lang);
			}
			if (a->expect != a->ply) {
				st1->delayed++;
				continue;
			}
			st1->at_inj++;
			if (ns == 0)
				st1->nosugg++;
			int hit = -1;
			for (int k = 0; k < ns; k++)
				if (sugg[k] == a->target && hit < 0)
					hit = k;
			if (hit == 0)
				st1->top1++;
			if (hit >= 0)
				st1->topk++;
			if (verbose && hit != 0) {
				char top[8] = "-";
				if (ns > 0)
					snprintf(top, sizeof(top), "%c%c%c%c", 'a' + HAMLE_MOVE_FROM(sugg[0]) % 8,
						'1' + HAMLE_MOVE_FROM(sugg[0]) / 8, 'a' + HAMLE_MOVE_TO(sugg[0]) % 8,
						'1' + HAMLE_MOVE_TO(sugg[0]) / 8);
				printf("MISS %s %s game %d ply %d [%s] rank %d of %d, top %s\n", lang_tag[l],
					kind_name[a->kind], i, a->ply, a->desc, hit + 1, ns, top);
			}
		}
	}
	printf("attempts %d: kept (illegal per pgn-extract) %d, stayed legal %d\n", c.nat, games_kept, games_legal);
	printf("%-15s %-4s %6s %6s %7s %8s %8s %7s %7s %7s\n", "kind", "lang", "kept", "legal", "ply-ok",
		"delayed", "at-inj", "top1", "top1%", "topk%");
	int fail = mismatches > 0;
	for (int k = 0; k < NKIND; k++)
		for (int l = 0; l < NLANG; l++) {
			struct stats *x = &s[k][l];
			double r1 = x->at_inj ? 100.0 * x->top1 / x->at_inj : 0, rk = x->at_inj ? 100.0 * x->topk / x->at_inj : 0;
			double all = x->kept ? 100.0 * x->top1 / x->kept : 0;
			printf("%-15s %-4s %6d %6d %7d %8d %8d %7d %6.1f%% %6.1f%%  (top1 over all kept %.1f%%)\n",
				kind_name[k], lang_tag[l], x->kept, x->legal, x->ply_ok, x->delayed, x->at_inj, x->top1,
				r1, rk, all);
			if ((k == K_LETTER || k == K_SQUARE) && r1 < 90.0) {
				printf("FAIL: %s %s top-1 %.1f%% < 90%%\n", kind_name[k], lang_tag[l], r1);
				fail = 1;
			}
		}
	if (games_kept < 1000) {
		printf("FAIL: only %d games kept (< 1000)\n", games_kept);
		fail = 1;
	}
	printf("first-bad-ply mismatches: %d unexplained; explained (per language form): %d %s, %d %s, %d %s\n",
		mismatches, explained[1], why_text[1], explained[2], why_text[2], explained[3], why_text[3]);
	hamle_replay_free(rp);
	for (int i = 0; i < c.nat; i++)
		for (int l = 0; l < NLANG; l++)
			free(c.at[i].text[l]);
	free(c.at);
	cg_free_list(files, nfiles);
	for (size_t i = 0; i < c.ncand; i++)
		hamle_locale_free(c.cand[i]);
	if (!keep) {
		char p[4096];
		snprintf(p, sizeof(p), "%s/english.pgn", work);
		remove(p);
		snprintf(p, sizeof(p), "%s/pgn-extract.err", work);
		remove(p);
		rmdir(work);
	}
	return fail;
}
