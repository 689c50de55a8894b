/* compiler.h: branch hints shared by the hot paths (plain expressions on compilers without them). */
#ifndef HAMLE_COMPILER_H
#define HAMLE_COMPILER_H

#if defined(__GNUC__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define NOINLINE __attribute__((noinline))
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#define NOINLINE
#endif

#endif
