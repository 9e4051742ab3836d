// LittleCMS 2 (Debian: liblcms2-dev). It reports errors through a per-context callback and
// NULL returns, which Swift handles; its pixel-format macros are spelled out here, as Swift
// cannot import macros built from other macros.
#include <lcms2.h>

/// The lcms pixel format for `channels` colour channels plus `extra` (alpha), `bytes` each.
static inline cmsUInt32Number npl_pixel_format(cmsUInt32Number colorSpace, cmsUInt32Number channels,
                                               cmsUInt32Number extra, cmsUInt32Number bytes) {
    return COLORSPACE_SH(colorSpace) | CHANNELS_SH(channels) | EXTRA_SH(extra) | BYTES_SH(bytes);
}

/// 8-bit CMYK, stored inverted (0 = full ink, as Adobe's JPEGs do) when `inverted` is nonzero.
static inline cmsUInt32Number npl_cmyk8_format(int inverted) {
    return COLORSPACE_SH(PT_CMYK) | CHANNELS_SH(4) | BYTES_SH(1) | FLAVOR_SH(inverted ? 1 : 0);
}
