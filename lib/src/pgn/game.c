/* game.c: the game object: buffers, findings, getters, results, Turkish repair. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_internal.h"
#include "notation/locale_internal.h"
#include "pgn/encoding.h"
#include "pgn/game_internal.h"
#include "pgn/sheet.h"

void pgn_limits_resolve(pgn_limits *out, const hamle_reader_options *opts)
{
	hamle_reader_options def = HAMLE_READER_OPTIONS_INIT;
	if (!opts)
		opts = &def;
	out->encoding = opts->encoding;
	out->flags = opts->flags;
	out->max_game_bytes = opts->max_game_bytes ? opts->max_game_bytes : HAMLE_DEFAULT_MAX_GAME_BYTES;
	out->max_comment_bytes = opts->max_comment_bytes ? opts->max_comment_bytes : HAMLE_DEFAULT_MAX_COMMENT_BYTES;
	out->max_tag_bytes = opts->max_tag_bytes ? opts->max_tag_bytes : HAMLE_DEFAULT_MAX_TAG_BYTES;
	out->max_depth = opts->max_depth ? opts->max_depth : HAMLE_DEFAULT_MAX_DEPTH;
	out->max_tokens = opts->max_tokens ? opts->max_tokens : HAMLE_DEFAULT_MAX_TOKENS;
	out->max_findings = opts->max_findings ? opts->max_findings : HAMLE_DEFAULT_MAX_FINDINGS;
	out->repair = opts->repair;
	out->messages = opts->messages;
	out->sheet_locales = opts->version >= 3 ? opts->sheet_locales : NULL;
	out->n_sheet_locales = out->sheet_locales ? opts->n_sheet_locales : 0;
}

int pgn_grow(void **buf, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return 0;
	size_t n = *cap ? *cap : 16;
	while (n < need) {
		if (n > ((size_t)-1 / 2) / elem)
			return HAMLE_ENOMEM;
		n *= 2;
	}
	void *p = realloc(*buf, n * elem);
	if (!p)
		return HAMLE_ENOMEM;
	*buf = p;
	*cap = n;
	return 0;
}

void pgn_game_reset(hamle_game *g)
{
	g->index = g->line = g->column = g->offset = 0;
	g->chunk_flags = 0;
	g->raw_len = g->text_len = g->map_len = 0;
	g->text = NULL;
	g->encoding = HAMLE_ENCODING_UTF8;
	g->text_ascii = -1;
	g->ntokens = g->ntags = g->strs_len = g->nspans = g->nvars = 0;
	g->nfindings = g->findings_dropped = g->nerrors = g->nerrors_structure = 0;
	g->result = HAMLE_RESULT_NONE;
	g->movetext_at = g->movetext_start = 0;
	g->first_note = (size_t)-1;
	g->comment_pct = 0;
	memset(g->move_first, 0, sizeof(g->move_first));
}

size_t pgn_game_raw_pos(const hamle_game *g, size_t dec_pos)
{
	if (g->map_len == 0)
		return dec_pos;
	/* last entry with dec_end <= dec_pos */
	size_t lo = 0, hi = g->map_len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (g->map[mid].dec_end <= dec_pos)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return dec_pos;
	const pgn_map_entry *e = &g->map[lo - 1];
	return e->raw_end + (dec_pos - e->dec_end);
}

int pgn_game_add_tag(hamle_game *g, const char *name, size_t nlen, const char *value, size_t vlen,
	size_t line, size_t column, size_t offset)
{
	size_t need = g->strs_len + nlen + vlen + 2;
	if (need < nlen || pgn_grow((void **)&g->strs, &g->strs_cap, need, 1) < 0 ||
	    (g->ntags == g->tags_cap && pgn_grow((void **)&g->tags, &g->tags_cap, g->ntags + 1, sizeof(*g->tags)) < 0))
		return HAMLE_ENOMEM;
	hamle_tag *t = &g->tags[g->ntags++];
	/* offsets into g->strs, as lex_tag leaves them */
	t->name = (const char *)(uintptr_t)g->strs_len;
	memcpy(g->strs + g->strs_len, name, nlen);
	g->strs[g->strs_len + nlen] = '\0';
	g->strs_len += nlen + 1;
	t->value = (const char *)(uintptr_t)g->strs_len;
	if (vlen)
		memcpy(g->strs + g->strs_len, value, vlen);
	g->strs[g->strs_len + vlen] = '\0';
	g->strs_len += vlen + 1;
	t->value_len = vlen;
	t->line = line;
	t->column = column;
	t->offset = offset;
	return 0;
}

/* A new finding with its place and no message; NULL when it is only counted (max_findings), or
 * *rc = HAMLE_ENOMEM. */
static hamle_finding *new_finding(hamle_game *g, hamle_severity sev, int code, const char *id,
	size_t line, size_t column, size_t offset, const char *token, size_t token_len, int *rc)
{
	*rc = 0;
	if (sev == HAMLE_SEVERITY_ERROR)
		g->nerrors++;
	if (sev == HAMLE_SEVERITY_ERROR && code != HAMLE_EENCODING)
		g->nerrors_structure++;
	if (g->nfindings >= g->max_findings) {
		g->findings_dropped++;
		return NULL;
	}
	if (pgn_grow((void **)&g->findings, &g->findings_cap, g->nfindings + 1, sizeof(*g->findings)) < 0) {
		*rc = HAMLE_ENOMEM;
		return NULL;
	}
	hamle_finding *f = &g->findings[g->nfindings++];
	memset(f, 0, sizeof(*f));
	f->severity = sev;
	f->id = id;
	f->error.code = code;
	f->error.source = g->source;
	f->error.game = g->index;
	f->error.line = line;
	f->error.column = column;
	f->error.offset = offset;
	if (token)
		hamle_error_set_token(&f->error, token, token_len);
	return f;
}

int pgn_game_add_finding(hamle_game *g, hamle_severity sev, int code, const char *id,
	size_t line, size_t column, size_t offset, const char *token, size_t token_len,
	const char *fmt, ...)
{
	int rc;
	hamle_finding *f = new_finding(g, sev, code, id, line, column, offset, token, token_len, &rc);
	if (!f)
		return rc;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->error.message, sizeof(f->error.message), fmt, ap);
	va_end(ap);
	return 0;
}

int pgn_game_add_finding_t(hamle_game *g, hamle_severity sev, int code, const char *id,
	size_t line, size_t column, size_t offset, const char *token, size_t token_len,
	const char *key, const char *english, size_t nargs, const char *const *args)
{
	int rc;
	hamle_finding *f = new_finding(g, sev, code, id, line, column, offset, token, token_len, &rc);
	if (!f)
		return rc;
	char *msg = f->error.message;
	if (hamle_locale_format(msg, sizeof(f->error.message), g->messages, key, nargs, args) < 0)
		hamle_loc_expand(msg, sizeof(f->error.message), english, nargs, args);
	return 0;
}

void hamle_game_free(hamle_game *g)
{
	if (!g)
		return;
	free(g->source);
	free(g->raw);
	free(g->textbuf);
	free(g->map);
	free(g->tokens);
	free(g->tags);
	free(g->strs);
	free(g->findings);
	free(g->spans);
	pgn_sheet_cache_free(g->sheet);
	free(g);
}

const char *hamle_game_source(const hamle_game *g) { return g ? g->source : NULL; }
size_t hamle_game_index(const hamle_game *g) { return g ? g->index : 0; }
size_t hamle_game_line(const hamle_game *g) { return g ? g->line : 0; }
size_t hamle_game_offset(const hamle_game *g) { return g ? g->offset : 0; }
size_t hamle_game_tag_count(const hamle_game *g) { return g ? g->ntags : 0; }
size_t hamle_game_token_count(const hamle_game *g) { return g ? g->ntokens : 0; }
const hamle_token *hamle_game_tokens(const hamle_game *g) { return g ? g->tokens : NULL; }
hamle_result hamle_game_result(const hamle_game *g) { return g ? g->result : HAMLE_RESULT_NONE; }
size_t hamle_game_finding_count(const hamle_game *g) { return g ? g->nfindings : 0; }
size_t hamle_game_error_count(const hamle_game *g) { return g ? g->nerrors : 0; }
hamle_encoding hamle_game_encoding(const hamle_game *g) { return g ? g->encoding : HAMLE_ENCODING_UTF8; }

const hamle_tag *hamle_game_tag_at(const hamle_game *g, size_t i)
{
	return g && i < g->ntags ? &g->tags[i] : NULL;
}

const char *hamle_game_tag(const hamle_game *g, const char *name)
{
	if (!g || !name)
		return NULL;
	for (size_t i = 0; i < g->ntags; i++)
		if (strcmp(g->tags[i].name, name) == 0)
			return g->tags[i].value;
	return NULL;
}

const hamle_finding *hamle_game_finding_at(const hamle_game *g, size_t i)
{
	return g && i < g->nfindings ? &g->findings[i] : NULL;
}

const char *hamle_game_text(const hamle_game *g, size_t *len)
{
	if (len)
		*len = g && g->text ? g->text_len : 0;
	return g && g->text ? g->text : "";
}

const unsigned char *hamle_game_raw(const hamle_game *g, size_t *len)
{
	if (len)
		*len = g ? g->raw_len : 0;
	return g && g->raw ? g->raw : (const unsigned char *)"";
}

const char *hamle_result_string(hamle_result res)
{
	switch (res) {
	case HAMLE_RESULT_WHITE: return "1-0";
	case HAMLE_RESULT_BLACK: return "0-1";
	case HAMLE_RESULT_DRAW: return "1/2-1/2";
	case HAMLE_RESULT_UNKNOWN: return "*";
	default: return "";
	}
}

/* The ASCII forms, by length: 1-0 0-1 1:0 0:1 (3), * (1), 1/2-1/2 0,5-0,5 0.5-0.5 1/2:1/2 0,5:0,5 (7). */
static hamle_result result_ascii(const unsigned char *s, size_t len)
{
	switch (len) {
	case 1:
		return s[0] == '*' ? HAMLE_RESULT_UNKNOWN : HAMLE_RESULT_NONE;
	case 3:
		if (s[1] != '-' && s[1] != ':')
			return HAMLE_RESULT_NONE;
		if (s[0] == '1' && s[2] == '0')
			return HAMLE_RESULT_WHITE;
		if (s[0] == '0' && s[2] == '1')
			return HAMLE_RESULT_BLACK;
		return HAMLE_RESULT_NONE;
	case 7:
		if (s[3] == '-' && (memcmp(s, "1/2-1/2", 7) == 0 || memcmp(s, "0,5-0,5", 7) == 0 ||
			memcmp(s, "0.5-0.5", 7) == 0))
			return HAMLE_RESULT_DRAW;
		if (s[3] == ':' && (memcmp(s, "1/2:1/2", 7) == 0 || memcmp(s, "0,5:0,5", 7) == 0))
			return HAMLE_RESULT_DRAW;
		return HAMLE_RESULT_NONE;
	default:
		return HAMLE_RESULT_NONE;
	}
}

hamle_result hamle_result_parse(const char *text, size_t len)
{
	/* normalise: en/em dash -> '-', '½' -> 'h'; at most 12 units */
	char buf[16];
	size_t n = 0;
	const unsigned char *s = (const unsigned char *)text;
	/* quick reject: every form starts with 0, 1, * or ½ and ends with 0, 1, 2, 5, * or ½ */
	if (len == 0 || len > 24 || !(s[0] == '0' || s[0] == '1' || s[0] == '*' || s[0] == 0xC2))
		return HAMLE_RESULT_NONE;
	unsigned char last = s[len - 1];
	if (!(last == '0' || last == '1' || last == '2' || last == '5' || last == '*' || last == 0xBD))
		return HAMLE_RESULT_NONE;
	int high = 0;
	for (size_t i = 0; i < len; i++)
		high |= s[i] & 0x80;
	if (!high)
		return result_ascii(s, len);
	for (size_t i = 0; i < len; n++) {
		if (n >= 12)
			return HAMLE_RESULT_NONE;
		if (s[i] < 0x80) {
			buf[n] = (char)s[i++];
		} else if (i + 2 < len + 0 && s[i] == 0xE2 && s[i + 1] == 0x80 && (s[i + 2] == 0x93 || s[i + 2] == 0x94)) {
			buf[n] = '-';
			i += 3;
		} else if (i + 1 < len && s[i] == 0xC2 && s[i + 1] == 0xBD) {
			buf[n] = 'h';
			i += 2;
		} else {
			return HAMLE_RESULT_NONE;
		}
	}
	buf[n] = '\0';
	static const struct { const char *text; hamle_result res; } forms[] = {
		{ "1-0", HAMLE_RESULT_WHITE }, { "0-1", HAMLE_RESULT_BLACK }, { "1/2-1/2", HAMLE_RESULT_DRAW },
		{ "*", HAMLE_RESULT_UNKNOWN }, { "h-h", HAMLE_RESULT_DRAW }, { "1:0", HAMLE_RESULT_WHITE },
		{ "0:1", HAMLE_RESULT_BLACK }, { "h:h", HAMLE_RESULT_DRAW }, { "0,5-0,5", HAMLE_RESULT_DRAW },
		{ "0.5-0.5", HAMLE_RESULT_DRAW }, { "1/2:1/2", HAMLE_RESULT_DRAW }, { "0,5:0,5", HAMLE_RESULT_DRAW },
	};
	for (size_t k = 0; k < sizeof(forms) / sizeof(forms[0]); k++)
		if (strcmp(buf, forms[k].text) == 0)
			return forms[k].res;
	return HAMLE_RESULT_NONE;
}
