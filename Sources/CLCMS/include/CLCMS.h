// LittleCMS 2 (Debian: liblcms2-dev; at run time liblcms2-2): ICC profiles converted to sRGB.
// Loaded with dlopen the first time it is needed, not linked (see CLazyLoading.h).
#ifndef NINEPIPE_CLCMS_H
#define NINEPIPE_CLCMS_H

#if __has_include(<lcms2.h>)
#include <lcms2.h>

#include "CLazyLoading.h"

static inline cmsUInt32Number npl_pixel_format(cmsUInt32Number colorSpace, cmsUInt32Number channels,
                                               cmsUInt32Number extra, cmsUInt32Number bytes) {
    return COLORSPACE_SH(colorSpace) | CHANNELS_SH(channels) | EXTRA_SH(extra) | BYTES_SH(bytes);
}

static inline cmsUInt32Number npl_cmyk8_format(int inverted) {
    return COLORSPACE_SH(PT_CMYK) | CHANNELS_SH(4) | BYTES_SH(1) | FLAVOR_SH(inverted ? 1 : 0);
}

/// The functions Ninepipe calls, in one list: the table's fields and the names the loader
/// looks up are made from it.
#define NINEPIPE_LCMS_FUNCTIONS(X) \
    X(cmsBuildParametricToneCurve) \
    X(cmsCloseProfile) \
    X(cmsCreateContext) \
    X(cmsCreateRGBProfileTHR) \
    X(cmsCreateTransformTHR) \
    X(cmsCreate_sRGBProfileTHR) \
    X(cmsDeleteContext) \
    X(cmsDeleteTransform) \
    X(cmsDoTransform) \
    X(cmsFreeToneCurve) \
    X(cmsGetColorSpace) \
    X(cmsGetEncodedCMMversion) \
    X(cmsOpenProfileFromMemTHR) \
    X(cmsSaveProfileToMem) \
    X(cmsSetLogErrorHandlerTHR)

/// The functions, each named as in the library's header; every field is set once loaded.
struct ninepipe_lcms {
    NINEPIPE_LCMS_FUNCTIONS(NINEPIPE_TABLE_FIELD)
};

/// Loads the library the first time (once per process, from any thread) and returns its
/// functions, or NULL with *error (static text) saying why: missing, or lacking a function.
const struct ninepipe_lcms *_Nullable ninepipe_lcms_load(const char *_Nullable *_Nonnull error);

#endif  // __has_include
#endif
