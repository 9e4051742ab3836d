// giflib (Debian: libgif-dev; it ships no pkg-config file, so the build looks for gif_lib.h).
// It reports every failure by a return value and an error code, so Swift calls it directly.
#include <gif_lib.h>
