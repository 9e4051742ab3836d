#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEFAULT */
#endif
#include "CLazyLoading.h"

#include <dlfcn.h>
#include <stdio.h>

enum { NINEPIPE_MAX_LIBRARIES = 4 };

int ninepipe_load_library(const char *const *libraries, size_t count_libraries, const char *const *symbols, size_t count_symbols,
                          void **table, char *failure, size_t failure_size) {
    void *handles[NINEPIPE_MAX_LIBRARIES];
    if (count_libraries == 0 || count_libraries > NINEPIPE_MAX_LIBRARIES) {
        snprintf(failure, failure_size, "no library to load");
        return 1;
    }
    for (size_t i = 0; i < count_libraries; i++) {
        /* No name: the library is linked (macOS builds link the Homebrew libraries), so its
           functions are looked up in the whole process. */
        handles[i] = libraries[i] ? dlopen(libraries[i], RTLD_NOW | RTLD_LOCAL) : RTLD_DEFAULT;
        if (!handles[i]) {
            const char *reason = dlerror();
            snprintf(failure, failure_size, "%s could not be loaded (%s)", libraries[i] ? libraries[i] : "it", reason ? reason : "not found");
            return 1;
        }
    }
    for (size_t i = 0; i < count_symbols; i++) {
        table[i] = NULL;
        for (size_t j = 0; j < count_libraries && !table[i]; j++) table[i] = dlsym(handles[j], symbols[i]);
        if (!table[i]) {
            snprintf(failure, failure_size, "the %s found has no %s (an older version)", libraries[0] ? libraries[0] : "library", symbols[i]);
            return 1;
        }
    }
    return 0;
}
