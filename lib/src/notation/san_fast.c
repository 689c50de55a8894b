/* san_fast.c: the fast resolution of san_fast.h as a function (for san_parse.c). */
#include "notation/san_fast.h"

int san_fast_resolve(const struct hamle_position *p, const struct san_tok *t, hamle_move *out,
	int *before)
{
	return san_fast_resolve_inline(p, t, out, before);
}
