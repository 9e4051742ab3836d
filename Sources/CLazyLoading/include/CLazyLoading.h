// Loading an optional C library with dlopen the first time it is needed, instead of linking it:
// a run that reads no WebP, GIF, HEIF or ICC profile does not load libwebp, giflib, libheif or
// LittleCMS (each library loaded at start-up costs every run time to map, relocate and
// initialise, and one that is missing would stop ninepipe from starting at all).
//
// Each library's module (CWebP, CGIF, CLCMS, CISAL, CHEIF) keeps its functions in a table of
// pointers typed from its own header (__typeof__), filled here once.
#ifndef NINEPIPE_LAZY_LOADING_H
#define NINEPIPE_LAZY_LOADING_H

#include <pthread.h>
#include <stddef.h>

/// Opens every one of `libraries` (`count_libraries` names, e.g. libwebp and its mux and demux
/// libraries) and fills `table[i]` with the address of `symbols[i]`, found in the first library
/// that has it. Returns 0, or 1 with `failure` (`failure_size` bytes) saying which library was
/// missing or which function none has. The libraries stay loaded for the life of the process.
int ninepipe_load_library(const char *const *libraries, size_t count_libraries, const char *const *symbols, size_t count_symbols,
                          void **table, char *failure, size_t failure_size);

/// A table field for the function `name`, typed from its declaration.
#define NINEPIPE_TABLE_FIELD(name) __typeof__(name) *_Nonnull name;
/// The function's name, for the loader.
#define NINEPIPE_TABLE_NAME(name) #name,

/// Defines `const struct TYPE *FUNCTION(const char **error)`: the table of the functions `LIST`
/// names (an X-macro), loaded from the libraries that follow the first time it is called (once
/// per process, from any thread); NULL with `*error` (static text) saying why when it cannot be.
#define NINEPIPE_DEFINE_LOADER(FUNCTION, TYPE, LIST, ...)                                                              \
    static struct TYPE FUNCTION##_table;                                                                               \
    static const struct TYPE *FUNCTION##_loaded;                                                                       \
    static char FUNCTION##_failure[512];                                                                               \
    static pthread_once_t FUNCTION##_once = PTHREAD_ONCE_INIT;                                                         \
    static void FUNCTION##_load(void) {                                                                                \
        static const char *const libraries[] = {__VA_ARGS__};                                                          \
        static const char *const symbols[] = {LIST(NINEPIPE_TABLE_NAME)};                                              \
        _Static_assert(sizeof(struct TYPE) == sizeof symbols / sizeof symbols[0] * sizeof(void *), "one pointer a name"); \
        if (ninepipe_load_library(libraries, sizeof libraries / sizeof libraries[0], symbols, sizeof symbols / sizeof symbols[0], \
                                  (void **)&FUNCTION##_table, FUNCTION##_failure, sizeof FUNCTION##_failure) == 0) {   \
            FUNCTION##_loaded = &FUNCTION##_table;                                                                     \
        }                                                                                                              \
    }                                                                                                                  \
    const struct TYPE *FUNCTION(const char **error) {                                                                  \
        pthread_once(&FUNCTION##_once, FUNCTION##_load);                                                               \
        if (!FUNCTION##_loaded) *error = FUNCTION##_failure;                                                           \
        return FUNCTION##_loaded;                                                                                      \
    }

#endif
