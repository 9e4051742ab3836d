// macOS only: the Homebrew library's headers and link flags for Sources/CGIF (on Linux it is
// loaded with dlopen, never linked).
#include <gif_lib.h>
