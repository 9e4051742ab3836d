// macOS only: pkg-config's flags for libheif (Homebrew's include folder), for Sources/CHEIF.
#include <libheif/heif.h>
