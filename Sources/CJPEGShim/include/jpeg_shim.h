/*
 * A small C shim over libjpeg(-turbo).
 *
 * libjpeg reports fatal errors by calling `error_exit`, whose only recoverable
 * path is `longjmp`. Swift cannot call `setjmp`, so every libjpeg call that can
 * fail happens inside this file, behind a `setjmp` barrier. Each function
 * returns 0 on success and non-zero on failure; the failure text is then in
 * `njs_decoder_error` / the encoder's error buffer. No libjpeg type leaks out.
 */
#ifndef NINEPIPE_JPEG_SHIM_H
#define NINEPIPE_JPEG_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The libjpeg-turbo version compiled in (`2.1.5`), or the libjpeg API version (`62`) for another libjpeg. */
const char *njs_library_version(void);

/**
 * Reads a JPEG's quantised DCT coefficients without decoding pixels (jpeg_read_coefficients),
 * to compare two files' coefficients. `visit` is called once per component with its size in
 * blocks and its blocks (64 coefficients each, row by row). Returns 0 on success; on failure
 * the message is written to `error` (at least 200 bytes).
 */
int njs_read_coefficients(const uint8_t *data, size_t length, size_t max_memory, void *context,
                          void (*visit)(void *context, int component, uint32_t width_in_blocks, uint32_t height_in_blocks,
                                        const int16_t *blocks),
                          char *error);

/** The eight lossless turns, in jpegtran's terms. */
typedef enum {
    NJS_TURN_NONE = 0,
    NJS_TURN_FLIP_H,
    NJS_TURN_FLIP_V,
    NJS_TURN_TRANSPOSE,
    NJS_TURN_TRANSVERSE,
    NJS_TURN_ROT_90,
    NJS_TURN_ROT_180,
    NJS_TURN_ROT_270
} njs_turn;

/** What njs_transform does: a turn, then a crop of the turned picture. */
typedef struct {
    njs_turn turn;
    /** Drop partial blocks on the stored edges the turn moves to the left or top (jpegtran -trim). */
    int trim;
    /** The crop, in pixels of the turned (and trimmed) picture; x and y on its MCU grid.
        A zero width keeps everything. */
    uint32_t crop_x, crop_y, crop_width, crop_height;
    /** Write progressive scans. */
    int progressive;
    /** Threads it may use: with 2 or more, a picture of a megapixel or more written with the
        standard Huffman tables is encoded as two bands at once, joined at a restart marker. */
    int threads;
} njs_transform_options;

/**
 * Turns, flips and crops a JPEG on its DCT coefficients (no decode, no requantisation), in one
 * pass. A file written with the standard Huffman tables keeps them (as jpegtran does); one with
 * tables made for its data, or a progressive one, gets new ones made (as jpegtran -optimize).
 * Every APPn and COM marker is copied. On success `*out` holds `*out_length` bytes to release with `free`;
 * returns 0. On failure the message is written to `error` (at least 200 bytes).
 */
int njs_transform(const uint8_t *data, size_t length, size_t max_memory, const njs_transform_options *options, uint8_t **out,
                  size_t *out_length, char *error);

/** Colour spaces as seen by Swift. */
enum njs_color_space {
    NJS_GRAY = 1,
    NJS_RGB = 2,
    NJS_YCBCR = 3,
    NJS_CMYK = 4,
    NJS_YCCK = 5,
    NJS_UNKNOWN = 0
};

/** What the header says, before any pixel is decoded. */
typedef struct njs_header {
    uint32_t width;
    uint32_t height;
    int components;          /* components in the file (1, 3 or 4) */
    int color_space;         /* enum njs_color_space of the file */
    int progressive;         /* 1 for a progressive (SOF2) file */
    int saw_adobe_marker;    /* 1 when an Adobe APP14 marker was present */
    int arithmetic;          /* 1 for arithmetic coding (no useful size bound) */
    uint64_t blocks;         /* 8x8 blocks over all components */
    uint64_t min_bits;       /* the fewest entropy-coded bits these blocks can take with the
                                file's Huffman tables (see njs_decoder_read_header) */
    uint64_t data_bytes;     /* bytes after the header: the entropy-coded scans and markers */
    uint64_t coefficient_bytes; /* whole-image coefficient memory a multi-scan file needs (0 when single-scan) */
} njs_header;

/** Output geometry after `njs_decoder_start`. */
typedef struct njs_output {
    uint32_t width;
    uint32_t height;
    int components;          /* 1 (gray), 3 (RGB) or 4 (CMYK, as stored) */
} njs_output;

typedef struct njs_decoder njs_decoder;

/** Creates a decoder over `len` bytes at `data`; the bytes must outlive it. NULL when out of memory. */
njs_decoder *njs_decoder_create(const uint8_t *data, size_t len);
/** Reads the header and saves APP1/APP2 markers. */
int njs_decoder_read_header(njs_decoder *dec, njs_header *header);
/** Starts decompression with DCT scaling 1/`scale_denom` (1, 2, 4 or 8). libjpeg may use at
    most `max_memory` bytes for its whole-image buffers (0: no cap); more fails with an error. */
int njs_decoder_start(njs_decoder *dec, int scale_denom, size_t max_memory, njs_output *output);
/** Decodes up to `rows` scanlines into `dst` (each `stride` bytes apart); sets `*rows_read`. */
int njs_decoder_read_rows(njs_decoder *dec, uint8_t *dst, size_t stride, uint32_t rows, uint32_t *rows_read);
/** Decodes only columns from `*x` for `*width` of every row (libjpeg-turbo's
    jpeg_crop_scanline); both are widened to whole iMCUs, and the adjusted values written back.
    Where libjpeg-turbo's crop would differ from a full decode, whole rows are kept (x 0, the
    full width). Call after njs_decoder_start, before reading rows. */
int njs_decoder_crop_columns(njs_decoder *dec, uint32_t *x, uint32_t *width);
/** Skips `rows` scanlines without producing them (jpeg_skip_scanlines); sets `*skipped`. */
int njs_decoder_skip_rows(njs_decoder *dec, uint32_t rows, uint32_t *skipped);
/** Finishes decompression (checks the trailing markers). */
int njs_decoder_finish(njs_decoder *dec);
/** Ends decompression early, leaving the rest of the data unread (after a region's last row). */
void njs_decoder_abort(njs_decoder *dec);
/** The number of saved APPn markers. */
int njs_decoder_marker_count(const njs_decoder *dec);
/** The saved marker `index`: its code (0xE0 + n), data and length. */
void njs_decoder_marker(const njs_decoder *dec, int index, int *code, const uint8_t **data, size_t *length);
/** The last error text (empty when none). */
const char *njs_decoder_error(const njs_decoder *dec);
/** The number of corrupt-data warnings libjpeg emitted and the first one's text. */
int njs_decoder_warning_count(const njs_decoder *dec);
const char *njs_decoder_first_warning(const njs_decoder *dec);
/** Releases the decoder and everything it owns. */
void njs_decoder_destroy(njs_decoder *dec);

/** Encoder options. */
typedef struct njs_encode_options {
    int quality;             /* 1...100 */
    int progressive;         /* 0 or 1 */
    int chroma_subsampling;  /* 420, 422 or 444 */
    const uint8_t *exif;     /* raw TIFF block, without the "Exif\0\0" prefix; may be NULL */
    size_t exif_length;
    const uint8_t *icc;      /* ICC profile; may be NULL */
    size_t icc_length;
} njs_encode_options;

typedef struct njs_encoder njs_encoder;

/** Starts an encoder for `height` rows of `width` pixels (`components` 1 = gray or 3 = RGB),
    markers written; on failure returns non-zero with a message in `error` and no encoder. */
int njs_encoder_start(njs_encoder **out, uint32_t width, uint32_t height, int components,
                      const njs_encode_options *options, char *error, size_t error_capacity);
/** Compresses the next `rows` rows (each `stride` bytes apart). */
int njs_encoder_write_rows(njs_encoder *enc, const uint8_t *pixels, size_t stride, uint32_t rows);
/** Ends the image; hands over the malloc'ed JPEG in `*out` (free it with `njs_free`). */
int njs_encoder_finish(njs_encoder *enc, uint8_t **out, size_t *out_length);
/** The last error text. */
const char *njs_encoder_error(const njs_encoder *enc);
/** Releases the encoder (and output not handed over). */
void njs_encoder_destroy(njs_encoder *enc);

/** Frees a buffer returned by `njs_encoder_finish`. */
void njs_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
