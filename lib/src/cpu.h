/* cpu.h: what this CPU runs, asked once as the library loads (cpu.c). The scans of scan.h and
 * quick_comments.h take 32 bytes at a time where hamle_cpu_avx2() says so. */
#ifndef HAMLE_CPU_H
#define HAMLE_CPU_H

/* 1 when the CPU and the system run AVX2 code, else 0. Written once, by cpu.c's constructor
 * before any code of the library runs; only read after that (so no thread sees it change). */
extern int hamle_cpu_avx2_flag;

static inline int hamle_cpu_avx2(void)
{
	return hamle_cpu_avx2_flag;
}

#endif
