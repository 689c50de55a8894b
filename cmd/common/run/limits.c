/* limits.c: the --max-* options of the tools that read games (see limits.h). */
#include <string.h>

#include "limits.h"
#include "opt.h"

bool hamle_opt_is_limit(int id)
{
	return id >= HAMLE_OPT_MAX_GAME && id <= HAMLE_OPT_MAX_FINDINGS;
}

int hamle_opt_parse_size(const char *s, size_t *out)
{
	size_t n = strlen(s);
	unsigned long long mult = 1;
	char num[32];
	if (n == 0 || n >= sizeof(num))
		return -1;
	memcpy(num, s, n + 1);
	switch (num[n - 1]) {
	case 'k': case 'K': mult = 1UL << 10; num[--n] = '\0'; break;
	case 'm': case 'M': mult = 1UL << 20; num[--n] = '\0'; break;
	case 'g': case 'G': mult = 1UL << 30; num[--n] = '\0'; break;
	case 't': case 'T': mult = 1ULL << 40; num[--n] = '\0'; break;
	default: break;
	}
	unsigned long v;
	if (mult > (size_t)-1 || hamle_opt_parse_ulong(num, 1, (unsigned long)((size_t)-1 / mult), &v) < 0)
		return -1;
	*out = (size_t)(v * mult);
	return 0;
}

int hamle_opt_limit(hamle_reader_options *ro, int id, const char *arg, const hamle_msg *m)
{
	hamle_usage u = HAMLE_USAGE_INIT;
	return hamle_opt_limit_note(ro, id, arg, &u) ? hamle_usage_report(m, &u) : 0;
}

int hamle_opt_limit_note(hamle_reader_options *ro, int id, const char *arg, hamle_usage *u)
{
	static const struct {
		int id;
		const char *name;
		bool size;
	} limits[] = {
		{HAMLE_OPT_MAX_GAME, "max-game-bytes", true}, {HAMLE_OPT_MAX_COMMENT, "max-comment-bytes", true},
		{HAMLE_OPT_MAX_TAG, "max-tag-bytes", true}, {HAMLE_OPT_MAX_DEPTH, "max-depth", false},
		{HAMLE_OPT_MAX_TOKENS, "max-tokens", false}, {HAMLE_OPT_MAX_FINDINGS, "max-findings", false},
	};
	size_t *fields[] = {&ro->max_game_bytes, &ro->max_comment_bytes, &ro->max_tag_bytes, &ro->max_depth,
		&ro->max_tokens, &ro->max_findings};
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		if (limits[i].id != id)
			continue;
		unsigned long v;
		if (limits[i].size) {
			if (hamle_opt_parse_size(arg, fields[i]) == 0)
				return 0;
		} else if (hamle_opt_parse_ulong(arg, 1, (unsigned long)-1, &v) == 0) {
			*fields[i] = (size_t)v;
			return 0;
		}
		const char *a[2] = {limits[i].name, arg};
		if (limits[i].size)
			return hamle_usage_note(u, "usage_limit_size", "--%1$s: '%2$s' is not a positive size", 2, a);
		return hamle_usage_note(u, "usage_limit_number", "--%1$s: '%2$s' is not a positive number", 2, a);
	}
	return hamle_usage_note(u, "usage_limit_unknown", "unknown limit option", 0, NULL);
}

bool hamle_opt_is_input_limit(int id)
{
	return id == HAMLE_OPT_MAX_MEMBER || id == HAMLE_OPT_MAX_RATIO;
}

int hamle_opt_input_limit(hamle_unpack_limits *ul, int id, const char *arg, const hamle_msg *m)
{
	hamle_usage u = HAMLE_USAGE_INIT;
	return hamle_opt_input_limit_note(ul, id, arg, &u) ? hamle_usage_report(m, &u) : 0;
}

int hamle_opt_input_limit_note(hamle_unpack_limits *ul, int id, const char *arg, hamle_usage *u)
{
	if (id == HAMLE_OPT_MAX_MEMBER) {
		size_t v;
		if (hamle_opt_parse_size(arg, &v) == 0) {
			ul->max_member_bytes = v;
			return 0;
		}
		const char *a[2] = {"max-member-bytes", arg};
		return hamle_usage_note(u, "usage_limit_size", "--%1$s: '%2$s' is not a positive size", 2, a);
	}
	unsigned long v;
	if (id != HAMLE_OPT_MAX_RATIO)
		return hamle_usage_note(u, "usage_limit_unknown", "unknown limit option", 0, NULL);
	if (hamle_opt_parse_ulong(arg, 0, (unsigned long)-1, &v) == 0) {
		ul->max_ratio = v;
		return 0;
	}
	const char *a[2] = {"max-ratio", arg};
	return hamle_usage_note(u, "usage_limit_number", "--%1$s: '%2$s' is not a positive number", 2, a);
}
