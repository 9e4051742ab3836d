// macOS only: the Homebrew library's headers and link flags for Sources/CISAL (on Linux it is
// loaded with dlopen, never linked).
#include <isa-l.h>
