#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

#include "plugin_loading.h"

const void *ninepipe_object_containing(const void *address, const char **file) {
    Dl_info info;
    *file = NULL;
    if (address == NULL || dladdr(address, &info) == 0) return NULL;
    *file = info.dli_fname;
    return info.dli_fbase;
}
