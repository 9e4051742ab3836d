#include "CWebP.h"

#if __has_include(<webp/decode.h>)
#if defined(__APPLE__)
/* macOS builds link the Homebrew library (CWebPSystem): its functions are in the process. */
NINEPIPE_DEFINE_LOADER(ninepipe_webp_load, ninepipe_webp, NINEPIPE_WEBP_FUNCTIONS, NULL)
#else
NINEPIPE_DEFINE_LOADER(ninepipe_webp_load, ninepipe_webp, NINEPIPE_WEBP_FUNCTIONS, "libwebp.so.7", "libwebpmux.so.3", "libwebpdemux.so.2")
#endif
#endif
