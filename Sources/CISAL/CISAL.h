// ISA-L's inflate (Debian: libisal-dev, BSD-3-Clause). Optional: without it PNG data is inflated
// by zlib. isal_inflate reports every failure by its return value, so Swift calls it directly.
#include <isa-l.h>

/// Clears the upper halves of the AVX registers. ISA-L's AVX-512 Huffman decoder returns with
/// them dirty, and every later SSE instruction of the process then pays for merging them (the
/// PNG encoder's filters ran a third slower after an ISA-L decode). Only on CPUs with AVX, the
/// only ones where ISA-L uses it.
static inline void ninepipe_clear_upper_registers(void) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx")) __asm__ volatile("vzeroupper" ::: "memory");
#endif
}
