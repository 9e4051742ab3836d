// macOS only: the Homebrew library's headers and link flags for Sources/CWebP (on Linux it is
// loaded with dlopen, never linked).
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
