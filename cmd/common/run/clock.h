/* clock.h: seconds on the monotonic clock, for the tools' timings (progress, engine time, the
 * -j 2 fork's balance). */
#ifndef HAMLE_CLI_CLOCK_H
#define HAMLE_CLI_CLOCK_H

#include <time.h>

static inline double hamle_now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
