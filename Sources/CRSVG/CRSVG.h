// librsvg (Debian: librsvg2-dev, LGPL-2.1-or-later, linked dynamically) draws SVG through
// cairo. Optional: without it SVG is a known format that is refused. Ninepipe calls it only
// through the small C shim in Sources/CSVGShim.
#include <librsvg/rsvg.h>
#include <cairo.h>
