#include "CHEIF.h"

#if __has_include(<libheif/heif.h>)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct ninepipe_heif functions;
static const struct ninepipe_heif *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/// The library names tried in turn: the versioned one a runtime package installs, then the
/// development link.
static const char *const library_names[] = {
#if defined(__APPLE__)
    "libheif.1.dylib", "libheif.dylib",
#else
    "libheif.so.1", "libheif.so",
#endif
};

static void load(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !library; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "libheif could not be loaded (%s)", reason ? reason : library_names[0]);
        return;
    }
#define NINEPIPE_HEIF_LOOK_UP(name)                                                                  \
    functions.name = (__typeof__(name) *)dlsym(library, #name);                                      \
    if (!functions.name) {                                                                           \
        snprintf(failure, sizeof failure, "the libheif found has no %s (an older version)", #name);  \
        return;                                                                                      \
    }
    NINEPIPE_HEIF_FUNCTIONS(NINEPIPE_HEIF_LOOK_UP)
#undef NINEPIPE_HEIF_LOOK_UP
    loaded = &functions;
}

const struct ninepipe_heif *ninepipe_heif_load(const char **error) {
    pthread_once(&once, load);
    if (!loaded) *error = failure;
    return loaded;
}

#endif
