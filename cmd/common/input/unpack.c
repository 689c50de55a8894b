/* unpack.c: compressed files and archives read with libarchive, member by member, into a ring of
 * memory blocks filled by a thread of their own (see unpack.h).
 *
 * The producer (the thread, or the caller's thread when there is none) owns the libarchive
 * handle and the FILE; it turns the archive into a sequence of slots: MEMBER (a member's name and
 * its first block), DATA (its next blocks), SKIP (a member not read, and why), END. A member's
 * last block is marked, with why it ended early, if it did. The consumer (the caller's thread)
 * owns the slot at the ring's head until it releases it; the producer fills the slot after the
 * last one handed over, so that neither touches the other's slots outside the lock. */
#include "unpack.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "archive_lib.h"
#include "outfile.h"
#include "sniff.h"

#define READ_BYTES ((size_t)128 << 10) /* what the producer asks of the FILE at once */
#define NAME_BYTES 4096
#define WHY_BYTES 512

enum { SL_MEMBER, SL_DATA, SL_SKIP, SL_END };

typedef struct slot {
	int kind;
	bool last;  /* MEMBER, DATA: the member's last block */
	bool error; /* last: the member ended early (why) */
	hamle_unpack_level level; /* SKIP, END */
	size_t len;
	unsigned char *data; /* HAMLE_UNPACK_SLOT_BYTES */
	char name[NAME_BYTES];
	char why[WHY_BYTES];
} slot;

struct hamle_unpack {
	hamle_unpack_limits lim;
	/* producer's */
	hamle_archive_lib la; /* libarchive, loaded at the first open */
	struct archive *a;
	FILE *f;
	unsigned char *head; /* the bytes read before (magic.h), given to libarchive first */
	size_t nhead;
	bool head_given;
	unsigned char *rbuf;  /* READ_BYTES */
	bool opened, done, in_member, raw, skippable;
	uint64_t m_out, m_in0; /* the member's bytes out, and the compressed position at its start */
	const unsigned char *blk; /* libarchive's block being copied: blk[blk_pos..blk_len) */
	size_t blk_len, blk_pos;
	/* the ring */
	slot slots[HAMLE_UNPACK_SLOTS];
	bool threaded;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t can_put, can_get;
	size_t rhead, count; /* slots handed over: rhead .. rhead + count - 1 */
	bool stop;
	/* consumer's */
	slot *cur; /* the slot being read (or the last event's), not yet released */
	size_t cur_pos;
	bool reading; /* a member is open: cur belongs to it */
	bool ended;   /* the END slot was taken */
	char merr[WHY_BYTES];
	bool has_merr;
};

/* ---- the producer ---- */

static la_ssize_t cb_read(struct archive *a, void *payload, const void **buf)
{
	hamle_unpack *u = payload;
	(void)a;
	if (!u->head_given) {
		u->head_given = true;
		if (u->nhead) {
			*buf = u->head;
			return (la_ssize_t)u->nhead;
		}
	}
	size_t n = fread(u->rbuf, 1, READ_BYTES, u->f);
	if (n == 0 && ferror(u->f)) {
		u->la.set_error(a, EIO, "read error");
		return -1;
	}
	*buf = u->rbuf;
	return (la_ssize_t)n;
}

static void set_why(slot *s, const char *fmt, const char *arg)
{
	snprintf(s->why, sizeof(s->why), fmt, arg ? arg : "unknown error");
}

/* True when name ends in "." and the three lower-case letters ext, in any ASCII case. */
static bool ends_in(const char *name, const char *ext)
{
	size_t n = strlen(name);
	if (n < 4 || name[n - 4] != '.')
		return false;
	for (int i = 0; i < 3; i++) {
		char c = name[n - 3 + i];
		if (((c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c) != ext[i])
			return false;
	}
	return true;
}

static bool wanted_member(const char *name)
{
	return ends_in(name, "pgn") || ends_in(name, "txt");
}

/* An absolute path, or one with a ".." component (either slash). */
static bool unsafe_path(const char *name)
{
	if (name[0] == '/' || name[0] == '\\')
		return true;
	for (const char *p = name; *p;) {
		size_t n = strcspn(p, "/\\");
		if (n == 2 && p[0] == '.' && p[1] == '.')
			return true;
		p += n;
		if (*p)
			p++;
	}
	return false;
}

/* The member ends in slot s (why: NULL, or why it ended early). After a limit in an archive that
 * cannot be skipped cheaply, or a fatal error, nothing more is read. */
static void member_end(hamle_unpack *u, slot *s, const char *why, bool fatal)
{
	s->last = true;
	u->in_member = false;
	u->blk_len = u->blk_pos = 0;
	if (!why)
		return;
	s->error = true;
	if (fatal || u->raw || !u->skippable) {
		u->done = true;
		if (!fatal && !u->raw)
			snprintf(s->why + strlen(s->why), sizeof(s->why) - strlen(s->why),
				"; the rest of the archive is not read");
	} else if (u->la.read_data_skip(u->a) == ARCHIVE_FATAL) {
		u->done = true;
	}
}

/* Fills s with the current member's next bytes, up to a full slot or the member's end. Blocks
 * come from libarchive one at a time (a block is kept across slots), so that a read error loses
 * nothing read before it but what libarchive itself had not handed over. */
static void fill(hamle_unpack *u, slot *s)
{
	uint64_t max = u->lim.max_member_bytes ? u->lim.max_member_bytes : HAMLE_DEFAULT_MAX_MEMBER_BYTES;
	while (s->len < HAMLE_UNPACK_SLOT_BYTES) {
		if (u->blk_pos == u->blk_len) {
			const void *b;
			size_t n = 0;
			la_int64_t off;
			int r = u->la.read_data_block(u->a, &b, &n, &off);
			if (r == ARCHIVE_EOF) {
				member_end(u, s, NULL, false);
				return;
			}
			if (r < ARCHIVE_WARN) {
				set_why(s, "read error: %s", u->la.error_string(u->a));
				member_end(u, s, s->why, r <= ARCHIVE_FATAL);
				return;
			}
			u->blk = b;
			u->blk_len = n;
			u->blk_pos = 0;
			continue;
		}
		size_t n = u->blk_len - u->blk_pos;
		if (n > HAMLE_UNPACK_SLOT_BYTES - s->len)
			n = HAMLE_UNPACK_SLOT_BYTES - s->len;
		bool over = u->m_out + n > max;
		if (over)
			n = (size_t)(max - u->m_out);
		memcpy(s->data + s->len, u->blk + u->blk_pos, n);
		u->blk_pos += n;
		s->len += n;
		u->m_out += n;
		if (over) {
			snprintf(s->why, sizeof(s->why), "stopped after %llu bytes: larger than --max-member-bytes",
				(unsigned long long)u->m_out);
			member_end(u, s, s->why, false);
			return;
		}
		if (u->lim.max_ratio && u->m_out >= HAMLE_UNPACK_RATIO_FROM) {
			la_int64_t pos = u->la.filter_bytes(u->a, -1);
			uint64_t in = pos > 0 && (uint64_t)pos > u->m_in0 ? (uint64_t)pos - u->m_in0 : 1;
			if (u->m_out / in > u->lim.max_ratio) {
				snprintf(s->why, sizeof(s->why),
					"stopped after %llu bytes: it expands more than %lu times (--max-ratio): a zip bomb?",
					(unsigned long long)u->m_out, u->lim.max_ratio);
				member_end(u, s, s->why, false);
				return;
			}
		}
	}
}

static bool open_archive(hamle_unpack *u, slot *s)
{
	u->opened = true;
	char why[WHY_BYTES - 16];
	if (hamle_archive_lib_open(&u->la, why, sizeof(why)) < 0) {
		set_why(s, "not read: %s", why);
		return false;
	}
	u->a = u->la.read_new();
	if (!u->a) {
		set_why(s, "%s", "out of memory");
		return false;
	}
	u->la.read_support_filter_gzip(u->a);
	u->la.read_support_filter_bzip2(u->a);
	u->la.read_support_filter_xz(u->a);
	u->la.read_support_filter_lzma(u->a);
	u->la.read_support_filter_zstd(u->a);
	u->la.read_support_format_tar(u->a);
	u->la.read_support_format_zip_streamable(u->a);
	u->la.read_support_format_empty(u->a);
	u->la.read_support_format_raw(u->a);
	if (u->la.read_open(u->a, u, NULL, cb_read, NULL) != ARCHIVE_OK) {
		set_why(s, "not read: %s", u->la.error_string(u->a));
		return false;
	}
	/* a compressed archive is skipped member by member only by decompressing it */
	u->skippable = u->la.filter_count(u->a) <= 1;
	return true;
}

/* A member's first slot: a skip when it is not text or a .txt without games. */
static void check_first(hamle_unpack *u, slot *s)
{
	size_t look = s->len < HAMLE_SNIFF_BYTES ? s->len : HAMLE_SNIFF_BYTES;
	const unsigned char *nul = memchr(s->data, 0, look);
	int level = -1;
	if (nul) {
		snprintf(s->why, sizeof(s->why), "not read: not text (a NUL byte at byte %zu)",
			(size_t)(nul - s->data) + 1);
		level = HAMLE_UNPACK_ERROR;
	} else if (ends_in(s->name, "txt") && !hamle_sniff_text((const char *)s->data, look)) {
		snprintf(s->why, sizeof(s->why), "skipped: no moves in its first %d lines", HAMLE_SNIFF_LINES);
		level = HAMLE_UNPACK_NO_MOVES;
	}
	if (level < 0)
		return;
	s->kind = SL_SKIP;
	s->level = (hamle_unpack_level)level;
	s->len = 0;
	if (!s->last) {
		u->in_member = false;
		u->blk_len = u->blk_pos = 0;
		if (u->la.read_data_skip(u->a) == ARCHIVE_FATAL)
			u->done = true;
	}
}

static void skip_entry(hamle_unpack *u, slot *s, hamle_unpack_level level, const char *why)
{
	s->kind = SL_SKIP;
	s->level = level;
	set_why(s, "%s", why);
	if (u->la.read_data_skip(u->a) == ARCHIVE_FATAL)
		u->done = true;
}

/* Fills slot s with the next event. Never blocks but on the FILE. */
static void produce(hamle_unpack *u, slot *s)
{
	s->len = 0;
	s->last = s->error = false;
	s->level = HAMLE_UNPACK_NOTE;
	s->name[0] = s->why[0] = '\0';
	if (u->in_member) {
		s->kind = SL_DATA;
		fill(u, s);
		return;
	}
	s->kind = SL_END;
	if (u->done || (!u->opened && !open_archive(u, s))) {
		u->done = true;
		s->level = s->why[0] ? HAMLE_UNPACK_ERROR : HAMLE_UNPACK_NOTE;
		return;
	}
	for (int retries = 0;;) {
		struct archive_entry *e;
		int r = u->la.read_next_header(u->a, &e);
		if (r == ARCHIVE_EOF) {
			u->done = true;
			return;
		}
		if (r == ARCHIVE_RETRY && ++retries < 16)
			continue;
		if (r < ARCHIVE_WARN) {
			set_why(s, "not read to its end: %s", u->la.error_string(u->a));
			s->level = HAMLE_UNPACK_ERROR;
			u->done = true;
			return;
		}
		u->raw = (u->la.format(u->a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_RAW;
		const char *path = u->la.entry_pathname(e);
		snprintf(s->name, sizeof(s->name), "%s", u->raw ? "" : path ? path : "?");
		if (!u->raw) {
			if (u->la.entry_filetype(e) != AE_IFREG)
				continue; /* directories, links, devices */
			if (!wanted_member(s->name)) {
				skip_entry(u, s, HAMLE_UNPACK_NOTE, "skipped: not a .pgn or .txt member");
				return;
			}
			if (unsafe_path(s->name)) {
				skip_entry(u, s, HAMLE_UNPACK_ERROR,
					"not read: its path leaves the archive (absolute, or with '..')");
				return;
			}
		}
		la_int64_t pos = u->la.filter_bytes(u->a, -1);
		u->m_in0 = pos > 0 ? (uint64_t)pos : 0;
		u->m_out = 0;
		u->in_member = true;
		s->kind = SL_MEMBER;
		fill(u, s);
		if (!u->raw)
			check_first(u, s);
		return;
	}
}

static void *producer_main(void *arg)
{
	hamle_unpack *u = arg;
	pthread_mutex_lock(&u->mu);
	for (;;) {
		while (!u->stop && u->count == HAMLE_UNPACK_SLOTS)
			pthread_cond_wait(&u->can_put, &u->mu);
		if (u->stop)
			break;
		slot *s = &u->slots[(u->rhead + u->count) % HAMLE_UNPACK_SLOTS];
		pthread_mutex_unlock(&u->mu);
		produce(u, s);
		pthread_mutex_lock(&u->mu);
		u->count++;
		pthread_cond_signal(&u->can_get);
		if (s->kind == SL_END)
			break;
	}
	pthread_mutex_unlock(&u->mu);
	return NULL;
}

/* ---- the consumer ---- */

int hamle_unpack_new(hamle_unpack **out, FILE *f, const unsigned char *head, size_t nhead,
	const hamle_unpack_limits *lim)
{
	hamle_unpack *u = calloc(1, sizeof(*u));
	*out = NULL;
	if (!u)
		return -1;
	hamle_unpack_limits dflt = HAMLE_UNPACK_LIMITS_INIT;
	u->lim = lim ? *lim : dflt;
	u->f = f;
	u->rbuf = malloc(READ_BYTES);
	u->head = malloc(nhead ? nhead : 1);
	if (!u->rbuf || !u->head)
		goto fail;
	memcpy(u->head, head, nhead);
	u->nhead = nhead;
	size_t nslots = u->lim.no_thread ? 1 : HAMLE_UNPACK_SLOTS;
	for (size_t i = 0; i < nslots; i++)
		if (!(u->slots[i].data = malloc(HAMLE_UNPACK_SLOT_BYTES)))
			goto fail;
	pthread_mutex_init(&u->mu, NULL);
	pthread_cond_init(&u->can_put, NULL);
	pthread_cond_init(&u->can_get, NULL);
	if (!u->lim.no_thread) {
		sigset_t old; /* the signals reach the caller's thread (outfile.h) */
		hamle_outfile_block_signals(&old);
		u->threaded = pthread_create(&u->thread, NULL, producer_main, u) == 0;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		/* without a thread (ulimit -u): the caller's thread decompresses, in slot 0 */
	}
	*out = u;
	return 0;
fail:
	for (size_t i = 0; i < HAMLE_UNPACK_SLOTS; i++)
		free(u->slots[i].data);
	free(u->rbuf);
	free(u->head);
	free(u);
	return -1;
}

static slot *take(hamle_unpack *u)
{
	if (!u->threaded) {
		produce(u, &u->slots[0]);
		return &u->slots[0];
	}
	pthread_mutex_lock(&u->mu);
	while (u->count == 0)
		pthread_cond_wait(&u->can_get, &u->mu);
	slot *s = &u->slots[u->rhead];
	pthread_mutex_unlock(&u->mu);
	return s;
}

static void release(hamle_unpack *u)
{
	if (!u->cur)
		return;
	u->cur = NULL;
	if (!u->threaded)
		return;
	pthread_mutex_lock(&u->mu);
	u->rhead = (u->rhead + 1) % HAMLE_UNPACK_SLOTS;
	u->count--;
	pthread_cond_signal(&u->can_put);
	pthread_mutex_unlock(&u->mu);
}

/* The current member's last slot has been read: keep why it ended. */
static void member_done(hamle_unpack *u)
{
	u->reading = false;
	u->has_merr = u->cur->error;
	if (u->has_merr)
		memcpy(u->merr, u->cur->why, sizeof(u->merr));
}

/* The member's next block once the current one is used up; false after its last block (the
 * member is done). */
static bool next_block(hamle_unpack *u)
{
	if (u->cur->last) {
		member_done(u);
		return false;
	}
	release(u);
	u->cur = take(u);
	u->cur_pos = 0;
	return true;
}

int hamle_unpack_read(void *payload, unsigned char *buf, size_t size, size_t *got)
{
	hamle_unpack *u = payload;
	*got = 0;
	while (*got < size && u->reading) {
		size_t avail = u->cur->len - u->cur_pos;
		if (avail) {
			size_t n = avail < size - *got ? avail : size - *got;
			memcpy(buf + *got, u->cur->data + u->cur_pos, n);
			u->cur_pos += n;
			*got += n;
			continue;
		}
		if (!next_block(u))
			break;
	}
	return 0;
}

const char *hamle_unpack_finish(hamle_unpack *u)
{
	if (!u)
		return NULL;
	while (u->reading && next_block(u))
		;
	return u->has_merr ? u->merr : NULL;
}

int hamle_unpack_next(hamle_unpack *u, hamle_unpack_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	ev->kind = HAMLE_UNPACK_END;
	hamle_unpack_finish(u);
	u->has_merr = false;
	if (u->ended)
		return 0;
	release(u);
	slot *s = u->cur = take(u);
	u->cur_pos = 0;
	ev->level = s->level;
	ev->name = s->name[0] ? s->name : NULL;
	ev->why = s->why[0] ? s->why : NULL;
	switch (s->kind) {
	case SL_MEMBER:
		ev->kind = HAMLE_UNPACK_MEMBER;
		u->reading = true;
		break;
	case SL_SKIP:
		ev->kind = HAMLE_UNPACK_SKIP;
		break;
	default:
		ev->kind = HAMLE_UNPACK_END;
		ev->name = NULL;
		u->ended = true;
		break;
	}
	return 0;
}

void hamle_unpack_free(hamle_unpack *u)
{
	if (!u)
		return;
	if (u->threaded) {
		pthread_mutex_lock(&u->mu);
		u->stop = true;
		pthread_cond_signal(&u->can_put);
		pthread_mutex_unlock(&u->mu);
		pthread_join(u->thread, NULL);
	}
	pthread_mutex_destroy(&u->mu);
	pthread_cond_destroy(&u->can_put);
	pthread_cond_destroy(&u->can_get);
	if (u->a)
		u->la.read_free(u->a);
	hamle_archive_lib_close(&u->la);
	for (size_t i = 0; i < HAMLE_UNPACK_SLOTS; i++)
		free(u->slots[i].data);
	free(u->rbuf);
	free(u->head);
	free(u);
}
