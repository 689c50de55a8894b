/* out.c: checked writes, quiet end on a closed pipe (see out.h). */
#include "out.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void hamle_out_ignore_sigpipe(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

void hamle_out_init(hamle_out *o, FILE *f, const char *name)
{
	o->f = f;
	o->name = name ? name : "<stdout>";
	o->err = 0;
	o->vbuf = NULL;
}

void hamle_out_set_buffer(hamle_out *o, size_t size)
{
	if (!o->f || o->vbuf || isatty(fileno(o->f)))
		return;
	char *b = malloc(size);
	if (!b)
		return;
	if (setvbuf(o->f, b, _IOFBF, size) != 0) {
		free(b);
		return;
	}
	o->vbuf = b;
}

static int failed(hamle_out *o)
{
	if (o->err == 0)
		o->err = errno != 0 ? errno : EIO;
	return -1;
}

int hamle_out_write(hamle_out *o, const void *data, size_t len)
{
	if (o->err)
		return -1;
	if (len == 0)
		return 0;
	errno = 0;
	if (fwrite(data, 1, len, o->f) != len || ferror(o->f))
		return failed(o);
	return 0;
}

int hamle_out_puts(hamle_out *o, const char *s)
{
	return hamle_out_write(o, s, strlen(s));
}

int hamle_out_printf(hamle_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (o->err)
		return -1;
	errno = 0;
	va_start(ap, fmt);
	n = vfprintf(o->f, fmt, ap);
	va_end(ap);
	if (n < 0 || ferror(o->f))
		return failed(o);
	return 0;
}

bool hamle_out_failed(const hamle_out *o)
{
	return o->err != 0;
}

bool hamle_out_broken_pipe(const hamle_out *o)
{
	return o->err == EPIPE;
}

int hamle_out_close(hamle_out *o, const hamle_msg *m, int status)
{
	if (!o->f)
		return status;
	errno = 0;
	if (fflush(o->f) != 0 || ferror(o->f))
		failed(o);
	errno = 0;
	if (fclose(o->f) != 0)
		failed(o);
	o->f = NULL;
	free(o->vbuf);
	o->vbuf = NULL;
	if (o->err == 0 || o->err == EPIPE)
		return status;
	hamle_msg_error(m, "error writing %s: %s", o->name, strerror(o->err));
	return HAMLE_EXIT_ERROR;
}
