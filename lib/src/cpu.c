/* cpu.c: the CPU's features, once per process (see cpu.h).
 *
 * GCC's __builtin_cpu_supports reads a table that libgcc fills in a constructor of its own with a
 * dozen CPUID instructions. Under a hypervisor each CPUID traps to it (several microseconds each):
 * that constructor would cost a tool some 0.08 ms of a 1.2 ms run on an empty file. The dynamic
 * loader of glibc has asked the CPU already (for its own string functions) and hands out its
 * answer through <sys/platform/x86.h>: where that header is, the flag is read from there, no CPUID
 * at all; elsewhere GCC's builtin asks. */
#include "cpu.h"

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#define HAMLE_CPU_GLIBC 1
#endif
#endif

int hamle_cpu_avx2_flag = 0;

/* Runs as the library loads, before main and before any thread of the process's own. */
__attribute__((constructor)) static void hamle_cpu_probe(void)
{
#ifdef HAMLE_CPU_GLIBC
	hamle_cpu_avx2_flag = CPU_FEATURE_ACTIVE(AVX2) ? 1 : 0;
#else
	__builtin_cpu_init();
	hamle_cpu_avx2_flag = __builtin_cpu_supports("avx2") ? 1 : 0;
#endif
}
#else
int hamle_cpu_avx2_flag = 0; /* no AVX2 code is built for other CPUs */
#endif
