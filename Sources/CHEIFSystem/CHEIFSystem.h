// macOS only: the Homebrew library's headers and link flags for Sources/CHEIF (on Linux it is
// loaded with dlopen, never linked).
#include <libheif/heif.h>
