// libheif (Debian: libheif-dev): HEIC through libde265/x265, AVIF through dav1d/aom. Every
// failure comes back as a struct heif_error, so Swift calls it directly.
#include <libheif/heif.h>
