#include "CGIF.h"

#if __has_include(<gif_lib.h>)
#if defined(__APPLE__)
/* macOS builds link the Homebrew library (CGIFSystem): its functions are in the process. */
NINEPIPE_DEFINE_LOADER(ninepipe_gif_load, ninepipe_gif, NINEPIPE_GIF_FUNCTIONS, NULL)
#else
NINEPIPE_DEFINE_LOADER(ninepipe_gif_load, ninepipe_gif, NINEPIPE_GIF_FUNCTIONS, "libgif.so.7")
#endif
#endif
