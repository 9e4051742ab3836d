// libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev, BSD-style/IJG licence): lossless
// transforms of JPEG files on their DCT coefficients. Optional: without it every JPEG is decoded
// and encoded again. TurboJPEG reports failures by return value, so Swift calls it directly.
#include <turbojpeg.h>
