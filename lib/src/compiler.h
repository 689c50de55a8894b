/* compiler.h: branch hints shared by the hot paths (plain expressions on compilers without them). */
#ifndef HAMLE_COMPILER_H
#define HAMLE_COMPILER_H

#if defined(__GNUC__)
#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define LIKELY(x) (x)
#define UNLIKELY(x) (x)
#endif

#endif
