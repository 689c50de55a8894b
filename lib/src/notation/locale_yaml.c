/* locale_yaml.c: walks one YAML locale document and stores its values in the loader's slots.
 * The document's shape is fixed (at most LOC_MAX_DEPTH nested mappings), walked with an
 * explicit stack: no recursion over input structure. Unknown and duplicate keys are errors.
 * Before a file is loaded its events are read once to refuse deep nesting early. */
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "notation/locale_build.h"
#include "notation/locale_docs.h"

enum kind {
	K_SCALAR, /* one string -> scalar slot */
	K_LIST,   /* sequence of strings (or one string) -> list slot */
	K_TEXT,   /* any key under this path: message or word */
	K_HEADER  /* any key under this path: PGN tag -> header keys */
};

struct slot {
	const char *path;
	enum kind kind;
	int id;
};

#define PIECES(prefix, kind, base)                                                         \
	{prefix ".pawn", kind, (base) + 0}, {prefix ".knight", kind, (base) + 1},              \
	{prefix ".bishop", kind, (base) + 2}, {prefix ".rook", kind, (base) + 3},              \
	{prefix ".queen", kind, (base) + 4}, {prefix ".king", kind, (base) + 5}
#define STYLE(name, st)                                                                    \
	{"output." name ".castling_short", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 0},       \
	{"output." name ".castling_long", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 1},        \
	{"output." name ".promotion", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 2},            \
	{"output." name ".capture", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 3},              \
	{"output." name ".check", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 4},                \
	{"output." name ".mate", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 5},                 \
	{"output." name ".en_passant", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 6},           \
	{"output." name ".draw_offer", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 7},           \
	{"output." name ".results.1-0", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 8},          \
	{"output." name ".results.0-1", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 9},          \
	{"output." name ".results.1/2-1/2", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 10},     \
	{"output." name ".results.*", K_SCALAR, S_STYLE + (st) * STYLE_FIELDS + 11}

static const struct slot slots[] = {
	{"tag", K_SCALAR, S_TAG},
	{"name", K_SCALAR, S_NAME},
	{"base", K_SCALAR, S_BASE},
	{"alphabet", K_SCALAR, S_ALPHABET},
	PIECES("pieces", K_SCALAR, S_LETTER),
	PIECES("input.aliases", K_LIST, L_ALIAS),
	PIECES("input.figurines", K_LIST, L_FIG),
	{"input.ignore_after_piece", K_LIST, L_IGNORE},
	{"input.castling_short", K_LIST, L_CASTLE_SHORT},
	{"input.castling_long", K_LIST, L_CASTLE_LONG},
	{"input.capture", K_LIST, L_CAPTURE},
	{"input.en_passant", K_LIST, L_EP},
	{"input.check", K_LIST, L_CHECK},
	{"input.mate", K_LIST, L_MATE},
	{"input.draw_offer", K_LIST, L_DRAW},
	{"input.null_move", K_LIST, L_NULL},
	{"input.repair_mojibake", K_SCALAR, S_MOJIBAKE},
	{"input.promotion", K_LIST, L_PROMO},
	{"input.results.1-0", K_LIST, L_RES + HAMLE_LOC_RESULT_WHITE},
	{"input.results.0-1", K_LIST, L_RES + HAMLE_LOC_RESULT_BLACK},
	{"input.results.1/2-1/2", K_LIST, L_RES + HAMLE_LOC_RESULT_DRAW},
	{"input.results.*", K_LIST, L_RES + HAMLE_LOC_RESULT_UNKNOWN},
	{"output.default", K_SCALAR, S_DEFAULT_STYLE},
	STYLE("pgn", HAMLE_LOCALE_STYLE_PGN),
	STYLE("fide", HAMLE_LOCALE_STYLE_FIDE),
	{"spoken.files", K_LIST, L_FILES},
	{"spoken.ranks", K_LIST, L_RANKS},
	PIECES("spoken.pieces", K_SCALAR, S_SPOKEN_PIECE),
	{"spoken.castling_short", K_SCALAR, S_SPOKEN_CS},
	{"spoken.castling_long", K_SCALAR, S_SPOKEN_CL},
	{"spoken.takes", K_SCALAR, S_SPOKEN_TAKES},
	{"spoken.check", K_SCALAR, S_SPOKEN_CHECK},
	{"spoken.mate", K_SCALAR, S_SPOKEN_MATE},
	{"spoken.promotes", K_SCALAR, S_SPOKEN_PROMOTES},
	{"spoken.en_passant", K_SCALAR, S_SPOKEN_EP},
	{"messages.*", K_TEXT, 0},
	PIECES("words.pieces", K_SCALAR, S_NOUN),
	PIECES("words.no_piece", K_SCALAR, S_NO_PIECE),
	PIECES("words.pieces_plural", K_SCALAR, S_PLURAL),
	{"words.counts", K_LIST, L_COUNTS},
	{"words.*", K_TEXT, 0},
	{"annotations.*", K_TEXT, 0},
	{"scoresheet.headers.*", K_HEADER, 0},
	{"scoresheet.patterns.move_pair", K_SCALAR, S_PATTERN + HAMLE_LOC_PAT_MOVE_PAIR},
	{"scoresheet.patterns.move_black", K_SCALAR, S_PATTERN + HAMLE_LOC_PAT_MOVE_BLACK},
	{"scoresheet.patterns.header", K_SCALAR, S_PATTERN + HAMLE_LOC_PAT_HEADER},
	{"scoresheet.patterns.result", K_SCALAR, S_PATTERN + HAMLE_LOC_PAT_RESULT},
	{"dates.order", K_SCALAR, S_DATE_ORDER},
	{"dates.months.january", K_LIST, L_MONTH + 0}, {"dates.months.february", K_LIST, L_MONTH + 1},
	{"dates.months.march", K_LIST, L_MONTH + 2}, {"dates.months.april", K_LIST, L_MONTH + 3},
	{"dates.months.may", K_LIST, L_MONTH + 4}, {"dates.months.june", K_LIST, L_MONTH + 5},
	{"dates.months.july", K_LIST, L_MONTH + 6}, {"dates.months.august", K_LIST, L_MONTH + 7},
	{"dates.months.september", K_LIST, L_MONTH + 8}, {"dates.months.october", K_LIST, L_MONTH + 9},
	{"dates.months.november", K_LIST, L_MONTH + 10}, {"dates.months.december", K_LIST, L_MONTH + 11},
};
#define N_SLOTS (sizeof(slots) / sizeof(slots[0]))
_Static_assert(N_SLOTS < 256, "slot indices are bytes");

struct walk {
	struct loc_build *b;
	const struct loc_doc *doc;
	const char *source;
	int builtin;
};

static struct loc_mark mark_of(const struct walk *w, const struct loc_node *node)
{
	struct loc_mark m = {w->source, w->builtin, (size_t)node->line + 1, (size_t)node->column + 1,
		node->index};
	return m;
}

/* The slots a mapping's keys can name: those whose path starts with the mapping's own path and
 * a dot (all of them at the root), as indices into slots; found once per mapping. Every path
 * compared with them below starts with that prefix too: only what follows it, from off, is
 * compared (off: the prefix's length, 0 at the root). */
struct cands {
	uint8_t ix[N_SLOTS];
	size_t n;
};

static void cands_under(struct cands *c, const struct cands *up, size_t off, const char *path, size_t len)
{
	c->n = 0;
	for (size_t j = 0; j < up->n; j++) {
		const char *sp = slots[up->ix[j]].path;
		if (sp[off] == path[off] && strncmp(sp + off, path + off, len - off) == 0 && sp[len] == '.')
			c->ix[c->n++] = up->ix[j];
	}
}

static const struct slot *find_slot(const struct cands *c, size_t off, const char *path)
{
	for (size_t j = 0; j < c->n; j++) {
		const struct slot *s = &slots[c->ix[j]];
		if (s->path[off] == path[off] && strcmp(s->path + off, path + off) == 0)
			return s;
	}
	return NULL;
}

/* 1 when some slot lies below path (path + "." + ...); c holds the slots of path's parent. */
static int has_children(const struct cands *c, size_t off, const char *path)
{
	size_t n = strlen(path);
	for (size_t j = 0; j < c->n; j++) {
		const char *sp = slots[c->ix[j]].path;
		if (sp[off] == path[off] && strncmp(sp + off, path + off, n - off) == 0 && sp[n] == '.')
			return 1;
	}
	return 0;
}

static int store_scalar(struct walk *w, const struct loc_node *v, struct loc_scalar *out, const char *path)
{
	struct loc_build *b = w->b;
	struct loc_mark at = mark_of(w, v);
	if (v->type != LOC_NODE_SCALAR)
		return loc_fail(b, &at, "'%s' must be a string", path);
	size_t len = v->n;
	const char *text = loc_node_text(w->doc, v);
	if (len > LOC_MAX_SCALAR)
		return loc_fail(b, &at, "'%s' is longer than %u bytes", path, LOC_MAX_SCALAR);
	if (memchr(text, '\0', len))
		return loc_fail(b, &at, "'%s' contains a NUL character", path);
	/* a compiled-in document's scalar is NUL-terminated and lasts: kept as it is */
	out->text = b->static_doc ? text : loc_arena_strndup(&b->loc->arena, text, len);
	if (!out->text)
		return loc_nomem(b);
	out->len = (uint32_t)len;
	out->at = at;
	return 0;
}

static int store_list(struct walk *w, const struct loc_node *v, struct loc_list *out, const char *path)
{
	struct loc_build *b = w->b;
	struct loc_mark at = mark_of(w, v);
	const uint32_t *items = NULL;
	size_t n = 1;
	if (v->type == LOC_NODE_SEQUENCE) {
		items = w->doc->items + v->at;
		n = v->n;
	} else if (v->type != LOC_NODE_SCALAR) {
		return loc_fail(b, &at, "'%s' must be a list of strings", path);
	}
	if (n > LOC_MAX_ITEMS)
		return loc_fail(b, &at, "'%s' has more than %u items", path, LOC_MAX_ITEMS);
	struct loc_item *arr = loc_arena_alloc(&b->loc->arena, (n ? n : 1) * sizeof(*arr));
	if (!arr)
		return loc_nomem(b);
	for (size_t i = 0; i < n; i++) {
		const struct loc_node *it = items ? loc_doc_node(w->doc, items[i]) : v;
		struct loc_scalar s = {0};
		int rc = store_scalar(w, it, &s, path);
		if (rc < 0)
			return rc;
		arr[i].text = s.text;
		arr[i].len = s.len;
		arr[i].at = s.at;
	}
	out->v = arr;
	out->n = n;
	out->set = 1;
	out->at = at;
	return 0;
}

static int store_header(struct walk *w, const struct loc_node *k, const struct loc_node *v)
{
	struct loc_build *b = w->b;
	struct loc_mark at = mark_of(w, k);
	const char *tag = loc_node_text(w->doc, k);
	size_t len = k->n;
	if (len == 0 || len > 64)
		return loc_fail(b, &at, "bad PGN tag name");
	for (size_t i = 0; i < len; i++) {
		char c = tag[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
			return loc_fail(b, &at, "bad PGN tag name '%.*s'", (int)len, tag);
	}
	struct loc_header_set *h = NULL;
	for (size_t i = 0; i < b->n_hdr; i++)
		if (strcmp(b->hdr[i].tag, tag) == 0)
			h = &b->hdr[i];
	if (!h) {
		if (b->n_hdr == b->cap_hdr) {
			size_t cap = b->cap_hdr ? 2 * b->cap_hdr : 16;
			struct loc_header_set *n = realloc(b->hdr, cap * sizeof(*n));
			if (!n)
				return loc_nomem(b);
			b->hdr = n;
			b->cap_hdr = cap;
		}
		h = &b->hdr[b->n_hdr++];
		memset(h, 0, sizeof(*h));
		h->tag = b->static_doc ? tag : loc_arena_strndup(&b->loc->arena, tag, len);
		if (!h->tag)
			return loc_nomem(b);
	}
	return store_list(w, v, &h->keys, "scoresheet.headers");
}

/* Handles value v of key k at path (parent = path up to the last dot). Returns 1 when v is a
 * mapping to descend into, 0 when handled, < 0 on error. */
static int handle(struct walk *w, const struct cands *c, size_t off, const char *parent, const char *path,
	const struct loc_node *k, const struct loc_node *v)
{
	struct loc_build *b = w->b;
	const struct slot *s = find_slot(c, off, path);
	if (s && s->kind == K_SCALAR)
		return store_scalar(w, v, &b->scalar[s->id], path);
	if (s && s->kind == K_LIST)
		return store_list(w, v, &b->list[s->id], path);
	if (v->type == LOC_NODE_MAPPING && has_children(c, off, path)) {
		/* The piece letters and the aliases are each one set: a file that gives them
		 * replaces the inherited set whole (so a pawn letter is never inherited). */
		if (strcmp(path, "pieces") == 0)
			for (int p = 0; p < 6; p++)
				b->scalar[S_LETTER + p].text = NULL;
		if (strcmp(path, "input.aliases") == 0)
			for (int p = 0; p < 6; p++)
				b->list[L_ALIAS + p] = (struct loc_list){0};
		return 1;
	}
	char wild[312];
	size_t pl = strlen(parent);
	if (pl > sizeof(wild) - 3)
		pl = sizeof(wild) - 3;
	memcpy(wild, parent, pl);
	memcpy(wild + pl, ".*", 3);
	s = find_slot(c, off, wild);
	struct loc_mark at = mark_of(w, k);
	if (s && s->kind == K_HEADER)
		return store_header(w, k, v);
	if (s && s->kind == K_TEXT) {
		struct loc_scalar t; /* its text copied by store_scalar when it has to be: kept below */
		int rc = store_scalar(w, v, &t, path);
		if (rc < 0)
			return rc;
		/* annotations: keys of their own, "annotations.KEY" (messages and words share one) */
		if (strcmp(parent, "annotations") == 0) {
			char key[312];
			int kl = snprintf(key, sizeof(key), "annotations.%.*s", (int)k->n, loc_node_text(w->doc, k));
			if (kl < 0 || (size_t)kl >= sizeof(key))
				return loc_fail(b, &at, "key too long '%s'", path);
			return loc_set_text(b, key, (size_t)kl, 0, t.text, t.len, 1, &t.at);
		}
		return loc_set_text(b, loc_node_text(w->doc, k), k->n, b->static_doc, t.text, t.len, 1, &t.at);
	}
	return loc_fail(b, &at, "unknown key '%s'", path);
}

int loc_check_depth(struct loc_build *b, const unsigned char *data, size_t len, const char *source,
	int builtin)
{
	yaml_parser_t parser;
	if (!yaml_parser_initialize(&parser))
		return loc_nomem(b);
	yaml_parser_set_input_string(&parser, data, len);
	yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
	int rc = 0;
	size_t depth = 0;
	for (;;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&parser, &ev))
			break; /* malformed: yaml_parser_load says where */
		yaml_event_type_t t = ev.type;
		if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT) {
			if (++depth > LOC_MAX_YAML_DEPTH) {
				struct loc_mark at = {source, builtin, ev.start_mark.line + 1,
					ev.start_mark.column + 1, ev.start_mark.index};
				rc = loc_fail(b, &at, "YAML nested deeper than %d levels", LOC_MAX_YAML_DEPTH);
			}
		} else if ((t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT) && depth) {
			depth--;
		}
		yaml_event_delete(&ev);
		if (rc < 0 || t == YAML_STREAM_END_EVENT)
			break;
	}
	yaml_parser_delete(&parser);
	return rc;
}

struct frame {
	const struct loc_node *map;
	size_t next;     /* next pair to visit */
	size_t path_len; /* length of the path naming this mapping */
	size_t dup;      /* the first pair whose key repeats an earlier one's, or SIZE_MAX */
	struct cands cands; /* the slots below this mapping */
};

static const struct loc_node *scalar_key(const struct loc_doc *doc, const struct loc_pair *p)
{
	const struct loc_node *k = loc_doc_node(doc, p->key);
	return k && k->type == LOC_NODE_SCALAR ? k : NULL;
}

/* The frame of mapping map: finds its first repeated key with a hash set of the keys (a
 * mapping holds at most LOC_MAX_PAIRS; the caller checks that first). */
static struct frame frame_of(const struct loc_doc *doc, const struct loc_node *map, size_t path_len)
{
	struct frame f = {.map = map, .path_len = path_len, .dup = SIZE_MAX};
	const struct loc_pair *pairs = doc->pairs + map->at;
	size_t n = map->n;
	uint16_t set[2 * LOC_MAX_PAIRS]; /* pair + 1; 0 = free */
	memset(set, 0, sizeof(set));
	const size_t mask = 2 * LOC_MAX_PAIRS - 1;
	for (size_t i = 0; i < n && i < LOC_MAX_PAIRS; i++) {
		const struct loc_node *k = scalar_key(doc, &pairs[i]);
		if (!k)
			continue;
		const char *key = loc_node_text(doc, k);
		size_t len = k->n;
		size_t h = loc_key_hash(key, len) & mask;
		for (; set[h]; h = (h + 1) & mask) {
			const struct loc_node *o = scalar_key(doc, &pairs[set[h] - 1]);
			if (o->n == len && memcmp(loc_node_text(doc, o), key, len) == 0) {
				f.dup = i;
				return f;
			}
		}
		set[h] = (uint16_t)(i + 1);
	}
	return f;
}

int loc_apply_document(struct loc_build *b, const struct loc_doc *doc, const char *source, int builtin)
{
	struct walk w = {b, doc, source, builtin};
	const struct loc_node *root = loc_doc_node(doc, 1);
	struct loc_mark start = {source, builtin, 1, 1, 0};
	b->doc_start = start;
	if (!root)
		return loc_fail(b, &start, "empty locale file");
	if (root->type != LOC_NODE_MAPPING) {
		struct loc_mark at = mark_of(&w, root);
		return loc_fail(b, &at, "a locale file must be a mapping (key: value)");
	}
	struct frame stack[LOC_MAX_DEPTH];
	int depth = 0;
	char path[300] = "";
	if (root->n > LOC_MAX_PAIRS) {
		struct loc_mark at = mark_of(&w, root);
		return loc_fail(b, &at, "a mapping has more than %u keys", LOC_MAX_PAIRS);
	}
	stack[0] = frame_of(doc, root, 0);
	stack[0].cands.n = N_SLOTS;
	for (size_t j = 0; j < N_SLOTS; j++)
		stack[0].cands.ix[j] = (uint8_t)j;
	while (depth >= 0) {
		struct frame *f = &stack[depth];
		const struct loc_pair *pairs = doc->pairs + f->map->at;
		size_t n = f->map->n;
		if (f->next == n) {
			depth--;
			continue;
		}
		if (n > LOC_MAX_PAIRS) {
			struct loc_mark at = mark_of(&w, f->map);
			return loc_fail(b, &at, "a mapping has more than %u keys", LOC_MAX_PAIRS);
		}
		size_t i = f->next++;
		const struct loc_node *k = loc_doc_node(doc, pairs[i].key);
		const struct loc_node *v = loc_doc_node(doc, pairs[i].value);
		struct loc_mark at = mark_of(&w, k);
		const char *key = k->type == LOC_NODE_SCALAR ? loc_node_text(doc, k) : "";
		if (k->type != LOC_NODE_SCALAR || k->n == 0 || k->n > 64 || memchr(key, '\0', k->n))
			return loc_fail(b, &at, "keys must be short non-empty strings");
		if (i == f->dup)
			return loc_fail(b, &at, "duplicate key '%s'", key);
		path[f->path_len] = '\0';
		char parent[300];
		memcpy(parent, path, f->path_len + 1);
		{ /* path.key, cut at the buffer's end as snprintf would (this runs once per key) */
			size_t pl = f->path_len, room = sizeof(path) - 1;
			if (pl && pl < room)
				path[pl++] = '.';
			size_t kl = k->n < room - pl ? k->n : room - pl;
			memcpy(path + pl, key, kl);
			path[pl + kl] = '\0';
		}
		size_t off = f->path_len ? f->path_len + 1 : 0; /* path's part after parent's "." */
		int rc = handle(&w, &f->cands, off, parent, path, k, v);
		if (rc < 0)
			return rc;
		if (rc == 1) {
			if (depth + 1 >= LOC_MAX_DEPTH)
				return loc_fail(b, &at, "nesting too deep at '%s'", path);
			if (v->n > LOC_MAX_PAIRS) {
				struct loc_mark vat = mark_of(&w, v);
				return loc_fail(b, &vat, "a mapping has more than %u keys", LOC_MAX_PAIRS);
			}
			size_t len = strlen(path);
			stack[depth + 1] = frame_of(doc, v, len);
			cands_under(&stack[depth + 1].cands, &f->cands, off, path, len);
			depth++;
		}
	}
	return 0;
}
