#include "CHEIF.h"

#if __has_include(<libheif/heif.h>)
#if defined(__APPLE__)
/* macOS builds link the Homebrew library (CHEIFSystem): its functions are in the process. */
NINEPIPE_DEFINE_LOADER(ninepipe_heif_load, ninepipe_heif, NINEPIPE_HEIF_FUNCTIONS, NULL)
#else
NINEPIPE_DEFINE_LOADER(ninepipe_heif_load, ninepipe_heif, NINEPIPE_HEIF_FUNCTIONS, "libheif.so.1")
#endif
#endif
