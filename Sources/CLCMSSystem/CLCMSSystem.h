// macOS only: the Homebrew library's headers and link flags for Sources/CLCMS (on Linux it is
// loaded with dlopen, never linked).
#include <lcms2.h>
