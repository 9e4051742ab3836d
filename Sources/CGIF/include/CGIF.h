// giflib (Debian: libgif-dev; at run time libgif7).
// Loaded with dlopen the first time it is needed, not linked (see CLazyLoading.h).
#ifndef NINEPIPE_CGIF_H
#define NINEPIPE_CGIF_H

#if __has_include(<gif_lib.h>)
#include <gif_lib.h>

#include "CLazyLoading.h"

/// The functions Ninepipe calls, in one list: the table's fields and the names the loader
/// looks up are made from it.
#define NINEPIPE_GIF_FUNCTIONS(X) \
    X(DGifCloseFile) \
    X(DGifGetCode) \
    X(DGifGetCodeNext) \
    X(DGifGetExtension) \
    X(DGifGetExtensionNext) \
    X(DGifGetImageDesc) \
    X(DGifGetLine) \
    X(DGifGetRecordType) \
    X(DGifOpen) \
    X(EGifCloseFile) \
    X(EGifOpen) \
    X(EGifPutExtension) \
    X(EGifPutExtensionBlock) \
    X(EGifPutExtensionLeader) \
    X(EGifPutExtensionTrailer) \
    X(EGifPutImageDesc) \
    X(EGifPutLine) \
    X(EGifPutScreenDesc) \
    X(EGifSetGifVersion) \
    X(GifFreeMapObject) \
    X(GifMakeMapObject)

/// The functions, each named as in the library's header; every field is set once loaded.
struct ninepipe_gif {
    NINEPIPE_GIF_FUNCTIONS(NINEPIPE_TABLE_FIELD)
};

/// Loads the library the first time (once per process, from any thread) and returns its
/// functions, or NULL with *error (static text) saying why: missing, or lacking a function.
const struct ninepipe_gif *_Nullable ninepipe_gif_load(const char *_Nullable *_Nonnull error);

#endif  // __has_include
#endif
