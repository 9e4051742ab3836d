// libwebp, libwebpmux and libwebpdemux (Debian: libwebp-dev). They report every failure by a
// return value, so Swift calls them directly, without a shim.
#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
