#include "CLCMS.h"

#if __has_include(<lcms2.h>)
#if defined(__APPLE__)
/* macOS builds link the Homebrew library (CLCMSSystem): its functions are in the process. */
NINEPIPE_DEFINE_LOADER(ninepipe_lcms_load, ninepipe_lcms, NINEPIPE_LCMS_FUNCTIONS, NULL)
#else
NINEPIPE_DEFINE_LOADER(ninepipe_lcms_load, ninepipe_lcms, NINEPIPE_LCMS_FUNCTIONS, "liblcms2.so.2")
#endif
#endif
