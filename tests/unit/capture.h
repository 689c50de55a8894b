/* capture.h: a hamle_msg whose stream is a memory buffer, for the unit tests of cmd/common:
 * cap_open(&c, verbosity), the messages, then cap_close(&c) gives the text (free it). */
#ifndef HAMLE_TEST_CAPTURE_H
#define HAMLE_TEST_CAPTURE_H

#include <check.h>
#include <stdio.h>

#include "msg.h"

typedef struct {
	char *text;
	size_t len;
	hamle_msg m;
} capture;

static inline void cap_open(capture *c, int verbosity)
{
	c->text = NULL;
	c->len = 0;
	c->m.prog = "hamle-test";
	c->m.verbosity = verbosity;
	c->m.color = false;
	c->m.messages = NULL;
	c->m.stream = open_memstream(&c->text, &c->len);
	ck_assert_ptr_nonnull(c->m.stream);
}

static inline char *cap_close(capture *c)
{
	fclose(c->m.stream);
	return c->text;
}

#endif
