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
	unsigned long mult = 1;
	char num[32];
	if (n == 0 || n >= sizeof(num))
		return -1;
	memcpy(num, s, n + 1);
	switch (num[n - 1]) {
	case 'k': case 'K': mult = 1UL << 10; num[--n] = '\0'; break;
	case 'm': case 'M': mult = 1UL << 20; num[--n] = '\0'; break;
	case 'g': case 'G': mult = 1UL << 30; num[--n] = '\0'; break;
	default: break;
	}
	unsigned long v;
	if (hamle_opt_parse_ulong(num, 1, (unsigned long)-1 / mult, &v) < 0)
		return -1;
	*out = (size_t)(v * mult);
	return 0;
}

int hamle_opt_limit(hamle_reader_options *ro, int id, const char *arg, const hamle_msg *m)
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
		return hamle_msg_usage(m, "--%s: '%s' is not a positive %s", limits[i].name, arg,
			limits[i].size ? "size" : "number");
	}
	return hamle_msg_usage(m, "unknown limit option");
}
