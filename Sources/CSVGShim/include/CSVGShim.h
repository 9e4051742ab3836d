// The whole of what Ninepipe asks of librsvg. librsvg is never linked into Ninepipe: a helper
// process loads it (dlopen) the first time an SVG is read and does all the parsing and drawing,
// so a document that hangs, exhausts memory or crashes librsvg costs that helper, never the
// caller, and programs that never read an SVG do not pay for loading it. Every failure comes
// back as a status and a message in the caller's buffer.
#ifndef NINEPIPE_SVG_SHIM_H
#define NINEPIPE_SVG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// How a call ended.
enum {
    NJS_SVG_OK = 0,
    /// librsvg or cairo refused the document; the reason is in the message.
    NJS_SVG_INVALID = -1,
    /// The helper took longer than allowed and was stopped.
    NJS_SVG_TIMEOUT = -2,
    /// The helper died: out of the memory allowed, or a crash in librsvg.
    NJS_SVG_DIED = -3,
    /// No helper could be started (fork or socketpair failed); errno's text in the message.
    NJS_SVG_NO_PROCESS = -4,
    /// librsvg could not be loaded at run time; the loader's reason in the message.
    NJS_SVG_UNAVAILABLE = -5,
};

/// The most elements `njs_svg_draw` locates.
#define NJS_SVG_MAX_LOCATED 64

/// librsvg's version (`2.54.7`) into `message`, loading it in a helper if none runs yet; or
/// NJS_SVG_UNAVAILABLE with the loader's reason.
int njs_svg_version(double seconds, char *message, size_t capacity);

/// Parses `length` bytes of SVG (librsvg's XML safety limits on, no base file: nothing outside
/// the document can be loaded) and gives the document's size in CSS pixels at 96 DPI: from its
/// absolute `width` and `height`, else its `viewBox`. Returns 1 with the size, 0 when the
/// document has no size of its own, or a failure status. Stopped after `seconds`; may allocate
/// at most `memory_bytes` while parsing.
int njs_svg_measure(
    const uint8_t *data, size_t length, double seconds, size_t memory_bytes, double *width, double *height, char *message,
    size_t capacity);

/// Draws the document (size `document_width`×`document_height` CSS pixels) scaled by `scale_x`
/// and `scale_y` from the top left corner into `width`×`height` pixels, as premultiplied RGBA,
/// 8 bits, into `pixels` (`width * height * 4` bytes). Before drawing, it locates the elements
/// whose ids `located` lists (`located_count` NUL-terminated strings, at most
/// NJS_SVG_MAX_LOCATED, each with its `#`): their boxes in CSS pixels of the document go to
/// `boxes` (x, y, width, height each) and whether each was found to `found`. The helper is
/// stopped after `seconds` and may allocate at most `memory_bytes` while drawing. Returns
/// NJS_SVG_OK or a failure status with the reason in `message`.
int njs_svg_draw(
    const uint8_t *data, size_t length, double document_width, double document_height, double scale_x, double scale_y, int width,
    int height, uint8_t *pixels, const char *const *located, int located_count, double *boxes, int *found, double seconds,
    size_t memory_bytes, char *message, size_t capacity);

/// Parses `length` bytes of XML with the libxml2 librsvg links (in a helper: no network, no DTD
/// loading, no external entities, libxml2's depth limit; the caller screens entities first) and
/// gives its elements and text as records in `*records` (`*records_length` bytes, freed with
/// `free`): for each node in document order, a byte 'E' (element) or 'T' (text), its depth
/// (uint32), its line (uint32); an element then has its local name and namespace URI and a
/// uint16 count of attributes, each its namespace URI, local name and value; a text its value.
/// Every string is a uint32 length and its bytes; integers are little-endian. Namespace
/// declarations are left out. Returns NJS_SVG_OK, or a failure status with "line N: reason" in
/// `message`. Stopped after `seconds`; may allocate at most `memory_bytes`.
int njs_xml_parse(
    const uint8_t *data, size_t length, double seconds, size_t memory_bytes, uint8_t **records, size_t *records_length, char *message,
    size_t capacity);

#endif
