// What the client (svg_client.c, in the caller's process) and the helper (svg_helper.c, a child
// process) say over their socket. Every message is a fixed header, then its payload.
#ifndef NINEPIPE_SVG_PROTOCOL_H
#define NINEPIPE_SVG_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#include "CSVGShim.h"

enum { NJS_REQUEST_VERSION = 1, NJS_REQUEST_MEASURE = 2, NJS_REQUEST_DRAW = 3, NJS_REQUEST_XML = 4 };

/// The most bytes of records an XML request answers with (the helper refuses past it).
#define NJS_XML_RECORDS_LIMIT ((uint64_t)64 << 20)

/// A request, followed by `document_length` bytes of document and `names_length` bytes of ids
/// (each NUL-terminated).
struct njs_request {
    int32_t kind;
    int32_t width, height, located_count;
    double document_width, document_height, scale_x, scale_y;
    /// How long the caller waits: the helper gives up on itself a second after (SIGALRM), so a
    /// helper whose caller is gone cannot run on.
    double seconds;
    uint64_t document_length, names_length, memory_bytes;
};

/// A reply, followed by `width * height * 4` bytes of pixels for a successful draw, or
/// `payload_length` bytes of element records for a successful XML request.
struct njs_reply {
    int32_t status;
    uint64_t payload_length;
    double width, height;
    double boxes[NJS_SVG_MAX_LOCATED * 4];
    int32_t found[NJS_SVG_MAX_LOCATED];
    char message[512];
};

/// Writes or reads exactly `length` bytes; 0, or -1 when the other side is gone.
int njs_write_all(int fd, const void *bytes, size_t length);
int njs_read_all(int fd, void *bytes, size_t length);

/// The helper's loop over `fd` (never returns).
void njs_helper_main(int fd) __attribute__((noreturn));

/// A helper is the caller's own executable started afresh (exec, no memory of the caller's)
/// with `argv[1]` this marker and its socket as descriptor NJS_HELPER_FD; the shim's
/// constructor (svg_helper.c) sees the marker and becomes the helper before `main` runs, so
/// any program linking the shim (ninepipe, a test runner, an embedding host) can be one.
#define NJS_HELPER_MARKER "ninepipe-svg-helper:1"
enum { NJS_HELPER_FD = 3 };

#endif
