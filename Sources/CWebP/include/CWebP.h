// libwebp, libwebpmux and libwebpdemux (Debian: libwebp-dev; at run time libwebp7, libwebpmux3,
// libwebpdemux2). They report every failure by a return value, so Swift calls the functions
// through the table directly; the header's inline wrappers are called as the *Internal functions
// they wrap, with the ABI versions.
// Loaded with dlopen the first time it is needed, not linked (see CLazyLoading.h).
#ifndef NINEPIPE_CWEBP_H
#define NINEPIPE_CWEBP_H

#if __has_include(<webp/decode.h>)
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

#include "CLazyLoading.h"

/// The functions Ninepipe calls, in one list: the table's fields and the names the loader
/// looks up are made from it.
#define NINEPIPE_WEBP_FUNCTIONS(X) \
    X(WebPAnimDecoderDelete) \
    X(WebPAnimDecoderGetNext) \
    X(WebPAnimDecoderHasMoreFrames) \
    X(WebPAnimDecoderNewInternal) \
    X(WebPAnimDecoderOptionsInitInternal) \
    X(WebPAnimEncoderAdd) \
    X(WebPAnimEncoderAssemble) \
    X(WebPAnimEncoderDelete) \
    X(WebPAnimEncoderGetError) \
    X(WebPAnimEncoderNewInternal) \
    X(WebPAnimEncoderOptionsInitInternal) \
    X(WebPConfigInitInternal) \
    X(WebPDecode) \
    X(WebPDemuxDelete) \
    X(WebPDemuxGetChunk) \
    X(WebPDemuxGetFrame) \
    X(WebPDemuxGetI) \
    X(WebPDemuxInternal) \
    X(WebPDemuxNextFrame) \
    X(WebPDemuxReleaseChunkIterator) \
    X(WebPDemuxReleaseIterator) \
    X(WebPEncode) \
    X(WebPFree) \
    X(WebPFreeDecBuffer) \
    X(WebPGetDecoderVersion) \
    X(WebPGetFeaturesInternal) \
    X(WebPInitDecoderConfigInternal) \
    X(WebPMemoryWriterClear) \
    X(WebPMemoryWrite) \
    X(WebPMemoryWriterInit) \
    X(WebPMuxAssemble) \
    X(WebPMuxCreateInternal) \
    X(WebPMuxDelete) \
    X(WebPMuxSetChunk) \
    X(WebPPictureFree) \
    X(WebPPictureImportRGB) \
    X(WebPPictureImportRGBA) \
    X(WebPPictureInitInternal) \
    X(WebPValidateConfig)

/// The functions, each named as in the library's header; every field is set once loaded.
struct ninepipe_webp {
    NINEPIPE_WEBP_FUNCTIONS(NINEPIPE_TABLE_FIELD)
};

/// Loads the library the first time (once per process, from any thread) and returns its
/// functions, or NULL with *error (static text) saying why: missing, or lacking a function.
const struct ninepipe_webp *_Nullable ninepipe_webp_load(const char *_Nullable *_Nonnull error);

#endif  // __has_include
#endif
