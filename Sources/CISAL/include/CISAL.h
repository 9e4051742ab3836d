// ISA-L's inflate (Debian: libisal-dev, BSD-3-Clause; at run time libisal2). Optional: without it
// PNG data is inflated by zlib. isal_inflate reports every failure by its return value, so Swift
// calls it directly.
// Loaded with dlopen the first time it is needed, not linked (see CLazyLoading.h).
#ifndef NINEPIPE_CISAL_H
#define NINEPIPE_CISAL_H

#if __has_include(<isa-l.h>)
#include <isa-l.h>

#include "CLazyLoading.h"

/// Clears the upper halves of the AVX registers. ISA-L's AVX-512 Huffman decoder returns with
/// them dirty, and every later SSE instruction of the process then pays for merging them (the
/// PNG encoder's filters ran a third slower after an ISA-L decode). Only on CPUs with AVX, the
/// only ones where ISA-L uses it.
static inline void ninepipe_clear_upper_registers(void) {
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx")) __asm__ volatile("vzeroupper" ::: "memory");
#endif
}

/// The functions Ninepipe calls, in one list: the table's fields and the names the loader
/// looks up are made from it.
#define NINEPIPE_ISAL_FUNCTIONS(X) \
    X(isal_inflate) \
    X(isal_inflate_init)

/// The functions, each named as in the library's header; every field is set once loaded.
struct ninepipe_isal {
    NINEPIPE_ISAL_FUNCTIONS(NINEPIPE_TABLE_FIELD)
};

/// Loads the library the first time (once per process, from any thread) and returns its
/// functions, or NULL with *error (static text) saying why: missing, or lacking a function.
const struct ninepipe_isal *_Nullable ninepipe_isal_load(const char *_Nullable *_Nonnull error);

#endif  // __has_include
#endif
