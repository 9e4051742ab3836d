// ISA-L's inflate (Debian: libisal-dev, BSD-3-Clause). Optional: without it PNG data is inflated
// by zlib. isal_inflate reports every failure by its return value, so Swift calls it directly.
#include <isa-l.h>
