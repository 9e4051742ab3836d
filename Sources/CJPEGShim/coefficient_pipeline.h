/* The lossless transform's pipeline (not part of the Swift interface): coefficients are turned
   by a second thread while the first is still decoding the rows below them. */
#ifndef NJS_COEFFICIENT_PIPELINE_H
#define NJS_COEFFICIENT_PIPELINE_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jpeglib.h>

#include "jpeg_shim.h"

/* A source manager over bytes in memory that shows the decoder a window of them at a time:
   at the window's end the decoder suspends (jpeg_read_header and jpeg_read_coefficients return
   early), so the caller gets control between pieces; past the last byte it reads a fake EOI
   with a warning, as jpeg_mem_src does. */
typedef struct {
    struct jpeg_source_mgr base;
    const JOCTET *data;
    size_t length, window_end, step;
} njs_window_source;

/* Reads `data` through `source`, `step` bytes more each time the window is widened. */
void njs_window_source_install(j_decompress_ptr cinfo, njs_window_source *source, const uint8_t *data, size_t length, size_t step);
/* Shows the decoder `step` more bytes. */
void njs_window_source_widen(njs_window_source *source);

/* Records the virtual arrays the decoder requests (its coefficient arrays, one a component, in
   order), through the memory manager's public method: jpeg_read_coefficients gives them only
   once every row is decoded. */
typedef struct {
    jvirt_barray_ptr (*original)(j_common_ptr, int, boolean, JDIMENSION, JDIMENSION, JDIMENSION);
    jvirt_barray_ptr arrays[MAX_COMPONENTS];
    int count;
} njs_array_recorder;

/* Installs `recorder` on `cinfo` (through client_data) until njs_array_recorder_remove. */
void njs_array_recorder_install(j_decompress_ptr cinfo, njs_array_recorder *recorder);
void njs_array_recorder_remove(j_decompress_ptr cinfo, njs_array_recorder *recorder);

/* Where source block (x, y) of a component whose kept source picture is `width`×`height`
   blocks lands in the turned picture. */
void njs_turned_block(njs_turn turn, JDIMENSION x, JDIMENSION y, JDIMENSION width, JDIMENSION height, JDIMENSION *tx, JDIMENSION *ty);

/* One component's share of turning the coefficients. */
typedef struct {
    JDIMENSION source_width, source_height; /* the kept source picture, in blocks */
    JDIMENSION offset_x, offset_y, columns, rows, upper_rows; /* the crop, in turned blocks */
    JBLOCKARRAY upper, below; /* the turned picture's two bands (below: NULL when one) */
    JBLOCKROW *stored_rows; /* the decoded rows, each set before it is published */
} njs_fill_component;

/* Turning every component's coefficients, row by row as they are published, on a second thread
   (njs_fill_worker) or on the caller's (njs_fill_rows). */
typedef struct {
    njs_turn turn;
    int from[DCTSIZE2];
    JCOEF sign[DCTSIZE2];
    int count;
    njs_fill_component components[MAX_COMPONENTS];
    pthread_mutex_t lock;
    pthread_cond_t published;
    JDIMENSION ready[MAX_COMPONENTS]; /* rows whose pointers are set, per component */
    int finished, cancelled;
} njs_fill;

/* Turns rows [begin, end) of component `c`: each kept block to its place inside the crop. */
void njs_fill_rows(const njs_fill *fill, int c, JDIMENSION begin, JDIMENSION end);
/* The second thread's body: turns rows as they are published until every row is, or cancelled. */
void *njs_fill_worker(void *fill);
/* Publishes `ready` rows of each component (and, with `finished`, that no more will come). */
void njs_fill_publish(njs_fill *fill, const JDIMENSION ready[MAX_COMPONENTS], int finished);
/* Makes the worker stop at its next tile. */
void njs_fill_cancel(njs_fill *fill);

#endif
