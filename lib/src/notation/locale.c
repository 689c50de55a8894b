/* locale.c: loading locales (builtin, file, buffer) with their chain of base locales, and the
 * public getters. A locale inherits every key it does not set from its base (`base:`, default
 * "en"); the chain is read root first, so later files override earlier ones. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>

#include "error_internal.h"
#include "notation/locale_build.h"
#include "notation/locale_docs.h"
#include "notation/locale_embedded.h"
#include "notation/locale_image.h"

static const struct hamle_embedded_locale *find_builtin(const char *tag)
{
	for (size_t i = 0; hamle_embedded_locales[i].tag; i++)
		if (strcmp(hamle_embedded_locales[i].tag, tag) == 0)
			return &hamle_embedded_locales[i];
	return NULL;
}

const char *hamle_locale_builtin_tag(size_t i)
{
	for (size_t k = 0; hamle_embedded_locales[k].tag; k++)
		if (k == i)
			return hamle_embedded_locales[k].tag;
	return NULL;
}

void hamle_locale_free(hamle_locale *loc)
{
	if (!loc)
		return;
	for (int i = 0; i < HAMLE_LOC_PATTERNS; i++)
		loc_regex_unref(loc->pattern_own[i]);
	loc_arena_free(loc->arena);
	free(loc);
}

struct layer {
	struct loc_doc doc;
	void *mem;            /* owns doc's arrays (NULL: doc not parsed here) */
	const struct loc_doc *use; /* the document applied: &doc or a compiled-in one */
	int is_static;        /* use is compiled in (locale_docs.h) */
	const char *source; /* caller's name or builtin tag */
	int builtin;
};

/* What locales loaded through one cache share: their scoresheet patterns (a pattern is compiled
 * once, when first matched, for every locale of the cache whose source text is the same). */
struct hamle_locale_cache {
	struct loc_regex *re[HAMLE_LOC_PATTERNS]; /* the patterns made first (shared on) */
};

int hamle_locale_cache_new(hamle_locale_cache **out)
{
	*out = calloc(1, sizeof(**out));
	return *out ? HAMLE_OK : HAMLE_ENOMEM;
}

void hamle_locale_cache_free(hamle_locale_cache *c)
{
	if (!c)
		return;
	for (int i = 0; i < HAMLE_LOC_PATTERNS; i++)
		loc_regex_unref(c->re[i]);
	free(c);
}

/* Parses data into layer->doc (libyaml's document, converted: locale_doc.c). */
static int parse_layer(struct loc_build *b, struct layer *l, const unsigned char *data, size_t len)
{
	int rc = l->builtin ? 0 : loc_check_depth(b, data, len, l->source, l->builtin);
	if (rc < 0)
		return rc;
	yaml_parser_t parser;
	if (!yaml_parser_initialize(&parser))
		return hamle_error_set(b->err, HAMLE_ENOMEM, "out of memory");
	yaml_parser_set_input_string(&parser, data, len);
	yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
	yaml_document_t doc;
	if (!yaml_parser_load(&parser, &doc)) {
		struct loc_mark at = {l->source, l->builtin, parser.problem_mark.line + 1,
			parser.problem_mark.column + 1, parser.problem_mark.index};
		if (parser.error == YAML_MEMORY_ERROR)
			rc = hamle_error_set(b->err, HAMLE_ENOMEM, "out of memory");
		else
			rc = loc_fail(b, &at, "%s%s%s", parser.problem ? parser.problem : "malformed YAML",
				parser.context ? " " : "", parser.context ? parser.context : "");
	} else {
		if (loc_doc_from_yaml(&l->doc, &l->mem, &doc) < 0)
			rc = hamle_error_set(b->err, HAMLE_ENOMEM, "out of memory");
		else
			l->use = &l->doc;
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&parser);
	return rc;
}

/* A layer's document: a shipped locale's compiled in (nothing to parse), a file's parsed. */
static int layer_document(struct loc_build *b, struct layer *l, const unsigned char *data, size_t len)
{
	if (l->builtin) /* compiled at build time (read-only, never deleted) */
		for (size_t i = 0; hamle_locale_docs[i].tag; i++)
			if (strcmp(hamle_locale_docs[i].tag, l->source) == 0) {
				l->use = hamle_locale_docs[i].doc;
				l->is_static = 1;
				return 0;
			}
	return parse_layer(b, l, data, len);
}

/* The value of key `base` in the root mapping, or NULL (with *at set when found). */
static const struct loc_node *base_of(struct layer *l, struct loc_mark *at)
{
	const struct loc_doc *d = l->use;
	const struct loc_node *root = loc_doc_node(d, 1);
	if (!root || root->type != LOC_NODE_MAPPING)
		return NULL;
	for (const struct loc_pair *p = d->pairs + root->at; p < d->pairs + root->at + root->n; p++) {
		const struct loc_node *k = loc_doc_node(d, p->key), *v = loc_doc_node(d, p->value);
		if (k->type == LOC_NODE_SCALAR && k->n == 4 && memcmp(loc_node_text(d, k), "base", 4) == 0) {
			*at = (struct loc_mark){l->source, l->builtin, (size_t)v->line + 1, (size_t)v->column + 1,
				v->index};
			return v;
		}
	}
	return NULL;
}

/* Loads data (named source; builtin when from the embedded table) on top of its bases. */
static int load(hamle_locale **out, const unsigned char *data, size_t len, const char *source,
	int builtin, hamle_locale_cache *cache, hamle_error *err)
{
	struct layer layers[LOC_MAX_LAYERS];
	memset(layers, 0, sizeof(layers));
	struct loc_build b;
	memset(&b, 0, sizeof(b));
	b.err = err;
	b.shared = cache ? cache->re : NULL;
	int n = 0, rc = 0;
	*out = NULL;
	b.loc = calloc(1, sizeof(*b.loc));
	if (!b.loc)
		return hamle_error_set(err, HAMLE_ENOMEM, "out of memory");

	/* Read the chain leaf first: layers[0] is the file asked for. */
	layers[0].source = source;
	layers[0].builtin = builtin;
	const unsigned char *cur = data;
	size_t cur_len = len;
	for (;;) {
		struct layer *l = &layers[n++];
		if ((rc = layer_document(&b, l, cur, cur_len)) < 0)
			goto cleanup;
		struct loc_mark at = {l->source, l->builtin, 1, 1, 0};
		const struct loc_node *v = base_of(l, &at);
		const char *base = "en";
		if (v) {
			if (v->type != LOC_NODE_SCALAR) {
				rc = loc_fail(&b, &at, "'base' must be the tag of a shipped locale");
				goto cleanup;
			}
			base = loc_node_text(l->use, v);
		} else if (l->builtin && strcmp(l->source, "en") == 0) {
			break; /* the root of every chain */
		}
		const struct hamle_embedded_locale *e = find_builtin(base);
		if (!e) {
			rc = loc_fail(&b, &at, "unknown base locale '%s'", base);
			goto cleanup;
		}
		if (n == LOC_MAX_LAYERS) {
			rc = loc_fail(&b, &at, "base locales nested deeper than %d", LOC_MAX_LAYERS);
			goto cleanup;
		}
		layers[n].source = e->tag;
		layers[n].builtin = 1;
		cur = e->data;
		cur_len = e->size;
	}
	/* Apply root first (the shipped en). Every file names its own tag. */
	for (int i = n - 1; i >= 0; i--) {
		b.scalar[S_TAG].text = NULL;
		b.static_doc = layers[i].is_static;
		if ((rc = loc_apply_document(&b, layers[i].use, layers[i].source, layers[i].builtin)) < 0)
			goto cleanup;
		if (!b.scalar[S_TAG].text) {
			rc = loc_fail(&b, &b.doc_start, "missing key 'tag'");
			goto cleanup;
		}
		if (layers[i].builtin && strcmp(b.scalar[S_TAG].text, layers[i].source) != 0) {
			rc = loc_fail(&b, &b.scalar[S_TAG].at, "tag '%s' differs from the file name",
				b.scalar[S_TAG].text);
			goto cleanup;
		}
	}
	rc = loc_finish(&b);
cleanup:
	for (int i = 0; i < LOC_MAX_LAYERS; i++)
		free(layers[i].mem);
	free(b.text);
	free(b.text_ix);
	free(b.hdr);
	if (rc < 0) {
		hamle_locale_free(b.loc);
		return rc;
	}
	*out = b.loc;
	return HAMLE_OK;
}

/* A copy of shipped locale image im (locale_image.h): its strings and arrays are the image's; the
 * patterns are a cache's where it has them (shared on as make_patterns shares them), else new ones,
 * compiled when first matched. */
static int load_image(hamle_locale **out, const struct hamle_locale *im, hamle_locale_cache *cache,
	hamle_error *err)
{
	hamle_locale *loc = malloc(sizeof(*loc));
	if (!loc)
		return hamle_error_set(err, HAMLE_ENOMEM, "out of memory while loading a locale");
	*loc = *im;
	struct loc_regex **shared = cache ? cache->re : NULL;
	for (int i = 0; i < HAMLE_LOC_PATTERNS; i++) {
		const char *src = im->pattern_src[i];
		size_t len = strlen(src);
		if (shared && loc_regex_same(shared[i], src, len)) {
			loc->pattern_own[i] = loc_regex_ref(shared[i]);
			continue;
		}
		if (!(loc->pattern_own[i] = loc_regex_new(NULL, src, len, i == HAMLE_LOC_PAT_HEADER))) {
			hamle_locale_free(loc);
			return hamle_error_set(err, HAMLE_ENOMEM, "out of memory while loading a locale");
		}
		if (shared && !shared[i])
			shared[i] = loc_regex_ref(loc->pattern_own[i]);
	}
	*out = loc;
	return HAMLE_OK;
}

/* Shipped locale e: from its image, or built from its document where the library has no image
 * (the image's generator). */
static int load_shipped(hamle_locale **out, const struct hamle_embedded_locale *e,
	hamle_locale_cache *cache, hamle_error *err)
{
	for (size_t i = 0; hamle_locale_images[i].tag; i++)
		if (strcmp(hamle_locale_images[i].tag, e->tag) == 0)
			return load_image(out, hamle_locale_images[i].loc, cache, err);
	return load(out, e->data, e->size, e->tag, 1, cache, err);
}

int loc_load_builtin_built(hamle_locale **out, const char *tag, hamle_locale_cache *cache, hamle_error *err)
{
	*out = NULL;
	const struct hamle_embedded_locale *e = tag ? find_builtin(tag) : NULL;
	if (!e)
		return hamle_error_set(err, HAMLE_ELOCALE, "no shipped locale '%s'", tag ? tag : "(null)");
	return load(out, e->data, e->size, e->tag, 1, cache, err);
}

/* Loads YAML bytes named source. Bytes equal to a shipped file's are that locale, loaded from its
 * image (through cache when there is one) instead of parsed: the installed copies of locales/
 * (share/hamle/locales) are most files loaded (the locale is the same: no locale keeps where its
 * keys came from). */
static int load_bytes(hamle_locale **out, const unsigned char *data, size_t len, const char *source,
	hamle_locale_cache *cache, hamle_error *err)
{
	if (len > LOC_MAX_FILE)
		return hamle_error_set(err, HAMLE_ELOCALE, "%s: locale larger than %u bytes", source, LOC_MAX_FILE);
	for (size_t i = 0; hamle_embedded_locales[i].tag; i++) {
		const struct hamle_embedded_locale *e = &hamle_embedded_locales[i];
		if (e->size == len && memcmp(e->data, data, len) == 0)
			return load_shipped(out, e, cache, err);
	}
	return load(out, data, len, source, 0, NULL, err);
}

int hamle_locale_load_builtin_cached(hamle_locale **out, const char *tag, hamle_locale_cache *cache,
	hamle_error *err)
{
	*out = NULL;
	const struct hamle_embedded_locale *e = tag ? find_builtin(tag) : NULL;
	if (!e)
		return hamle_error_set(err, HAMLE_ELOCALE, "no shipped locale '%s'", tag ? tag : "(null)");
	return load_shipped(out, e, cache, err);
}

int hamle_locale_load_builtin(hamle_locale **out, const char *tag, hamle_error *err)
{
	return hamle_locale_load_builtin_cached(out, tag, NULL, err);
}

int hamle_locale_load_buffer(hamle_locale **out, const char *data, size_t len,
	const char *source_name, hamle_error *err)
{
	*out = NULL;
	if (!source_name)
		source_name = "<buffer>";
	return load_bytes(out, (const unsigned char *)data, len, source_name, NULL, err);
}

int loc_load_stream_cached(hamle_locale **out, FILE *f, const char *path, hamle_locale_cache *cache,
	hamle_error *err)
{
	*out = NULL;
	/* a buffer the file's size (a byte more: one past the limit is read to tell it is over),
	 * not the limit's megabyte: 16 pages touched for a shipped file, not 256 mapped */
	struct stat st;
	size_t cap = LOC_MAX_FILE + 1;
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= 0 && (uintmax_t)st.st_size < cap)
		cap = (size_t)st.st_size + 1;
	char *buf = malloc(cap);
	if (!buf) {
		fclose(f);
		return hamle_error_set(err, HAMLE_ENOMEM, "out of memory");
	}
	size_t n = fread(buf, 1, cap, f);
	if (n == cap && cap < LOC_MAX_FILE + 1 && !ferror(f)) {
		/* it grew since fstat: read on up to the limit */
		char *more = realloc(buf, LOC_MAX_FILE + 1);
		if (!more) {
			free(buf);
			fclose(f);
			return hamle_error_set(err, HAMLE_ENOMEM, "out of memory");
		}
		buf = more;
		n += fread(buf + n, 1, LOC_MAX_FILE + 1 - n, f);
	}
	int bad = ferror(f);
	fclose(f);
	int rc;
	if (bad)
		rc = hamle_error_set(err, HAMLE_EIO, "%s: read error", path);
	else
		rc = load_bytes(out, (const unsigned char *)buf, n, path, cache, err);
	free(buf);
	return rc;
}

int loc_load_file_cached(hamle_locale **out, const char *path, hamle_locale_cache *cache, hamle_error *err)
{
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return hamle_error_set(err, HAMLE_EIO, "%s: %s", path, strerror(errno));
	return loc_load_stream_cached(out, f, path, cache, err);
}

int hamle_locale_load_file(hamle_locale **out, const char *path, hamle_error *err)
{
	return loc_load_file_cached(out, path, NULL, err);
}

const char *hamle_locale_tag(const hamle_locale *loc)
{
	return loc ? loc->tag : NULL;
}

const char *hamle_locale_name(const hamle_locale *loc)
{
	return loc ? loc->name : NULL;
}

const char *hamle_locale_message(const hamle_locale *loc, const char *key)
{
	if (!loc || !key)
		return NULL;
	size_t lo = 0, hi = loc->n_text;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(key, hamle_loc_text_key(loc, mid));
		if (c == 0)
			return hamle_loc_text_text(loc, mid);
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const char *hamle_locale_language_name(const hamle_locale *loc, const char *tag)
{
	char key[48] = "language_";
	size_t n = strlen(key), t = tag ? strlen(tag) : 0;
	if (!loc || t == 0 || n + t >= sizeof(key))
		return NULL;
	memcpy(key + n, tag, t + 1);
	const char *name = hamle_locale_message(loc, key);
	return name && name[0] ? name : NULL;
}

int hamle_locale_format(char *buf, size_t size, const hamle_locale *loc, const char *key,
	size_t nargs, const char *const *args)
{
	const char *t = hamle_locale_message(loc, key);
	if (!t) {
		if (size > 0)
			buf[0] = '\0';
		return -1;
	}
	return hamle_loc_expand(buf, size, t, nargs, args);
}

const char *hamle_locale_piece_letter(const hamle_locale *loc, int piece)
{
	return loc && piece >= 0 && piece < 6 ? loc->letter[piece] : "";
}

const char *hamle_locale_piece_noun(const hamle_locale *loc, int piece)
{
	return loc && piece >= 0 && piece < 6 ? loc->noun[piece] : "";
}

const char *hamle_locale_piece_spoken(const hamle_locale *loc, int piece)
{
	return loc && piece >= 0 && piece < 6 ? loc->spoken.piece[piece] : "";
}

int hamle_locale_default_style(const hamle_locale *loc)
{
	return loc ? loc->default_style : HAMLE_LOCALE_STYLE_PGN;
}

static unsigned char ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

const char *hamle_locale_header_tag(const hamle_locale *loc, const char *key, size_t len)
{
	if (!loc || !key)
		return NULL;
	for (size_t i = 0; i < loc->n_header; i++) {
		const struct hamle_loc_header *h = &loc->header[i];
		if (h->key_len != len)
			continue;
		size_t k = 0;
		while (k < len && ascii_lower((unsigned char)h->key[k]) == ascii_lower((unsigned char)key[k]))
			k++;
		if (k == len)
			return h->tag;
	}
	return NULL;
}

const char *hamle_locale_header_key(const hamle_locale *loc, const char *tag)
{
	if (!loc || !tag)
		return NULL;
	for (size_t i = 0; i < loc->n_header; i++)
		if (loc->header[i].preferred && strcmp(loc->header[i].tag, tag) == 0)
			return loc->header[i].key;
	return NULL;
}
