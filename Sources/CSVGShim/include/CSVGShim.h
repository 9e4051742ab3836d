// The whole of what Ninepipe asks of librsvg. Every failure comes back as a status and a message
// in the caller's buffer, so Swift never touches GLib's memory or errors.
#ifndef NINEPIPE_SVG_SHIM_H
#define NINEPIPE_SVG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// How `njs_svg_measure` and `njs_svg_draw` ended.
enum {
    NJS_SVG_OK = 0,
    /// librsvg or cairo refused the document; the reason is in the message.
    NJS_SVG_INVALID = -1,
    /// Drawing took longer than allowed; the child drawing it was stopped.
    NJS_SVG_TIMEOUT = -2,
    /// The child drawing it died: out of the memory allowed, or a crash in librsvg.
    NJS_SVG_DIED = -3,
    /// The child could not be started (fork or shared memory failed); errno's text in the message.
    NJS_SVG_NO_PROCESS = -4,
};

/// Parses `length` bytes of SVG (librsvg's XML safety limits on, no base file: nothing outside
/// the document can be loaded) and gives the document's size in CSS pixels at 96 DPI: from its
/// absolute `width` and `height`, else its `viewBox`. Returns 1 with the size, 0 when the
/// document has no size of its own, or NJS_SVG_INVALID.
int njs_svg_measure(const uint8_t *data, size_t length, double *width, double *height, char *message, size_t capacity);

/// Draws the document (size `document_width`×`document_height` CSS pixels) scaled by `scale_x`
/// and `scale_y` from the top left corner into `width`×`height` pixels, as premultiplied RGBA,
/// 8 bits, into `pixels` (`width * height * 4` bytes). The drawing runs in a child process that is stopped after `seconds` and may allocate
/// at most `memory_bytes` more than it started with, so no document can hang or exhaust the
/// caller. Returns NJS_SVG_OK or a failure status with the reason in `message`.
int njs_svg_draw(
    const uint8_t *data, size_t length, double document_width, double document_height, double scale_x, double scale_y, int width,
    int height, uint8_t *pixels, double seconds, size_t memory_bytes, char *message, size_t capacity);

/// librsvg's version, `2.54.7`.
const char *njs_svg_version(void);

#endif
