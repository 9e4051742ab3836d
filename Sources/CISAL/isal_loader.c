#include "CISAL.h"

#if __has_include(<isa-l.h>)
#if defined(__APPLE__)
/* macOS builds link the Homebrew library (CISALSystem): its functions are in the process. */
NINEPIPE_DEFINE_LOADER(ninepipe_isal_load, ninepipe_isal, NINEPIPE_ISAL_FUNCTIONS, NULL)
#else
NINEPIPE_DEFINE_LOADER(ninepipe_isal_load, ninepipe_isal, NINEPIPE_ISAL_FUNCTIONS, "libisal.so.2")
#endif
#endif
