#include "coefficient_pipeline.h"

#include <jerror.h>

/* ------------------------------------------------------------ window source */

static void njs_window_init(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean njs_window_fill(j_decompress_ptr cinfo) {
    static const JOCTET fake_eoi[2] = {0xFF, JPEG_EOI};
    njs_window_source *source = (njs_window_source *)cinfo->src;
    if (source->window_end < source->length) return FALSE;
    WARNMS(cinfo, JWRN_JPEG_EOF);
    source->base.next_input_byte = fake_eoi;
    source->base.bytes_in_buffer = 2;
    return TRUE;
}

/* The position of the next byte in the data (the end once the fake EOI is being read). */
static size_t njs_window_position(const njs_window_source *source) {
    const JOCTET *next = source->base.next_input_byte;
    if (next >= source->data && next <= source->data + source->length) return (size_t)(next - source->data);
    return source->length;
}

static void njs_window_skip(j_decompress_ptr cinfo, long count) {
    njs_window_source *source = (njs_window_source *)cinfo->src;
    if (count <= 0) return;
    /* Skipping cannot suspend: the window grows over what is skipped. */
    size_t position = njs_window_position(source);
    position = (size_t)count > source->length - position ? source->length : position + (size_t)count;
    if (position > source->window_end) source->window_end = position;
    source->base.next_input_byte = source->data + position;
    source->base.bytes_in_buffer = source->window_end - position;
}

static void njs_window_term(j_decompress_ptr cinfo) { (void)cinfo; }

void njs_window_source_install(j_decompress_ptr cinfo, njs_window_source *source, const uint8_t *data, size_t length, size_t step) {
    source->base.init_source = njs_window_init;
    source->base.fill_input_buffer = njs_window_fill;
    source->base.skip_input_data = njs_window_skip;
    source->base.resync_to_restart = jpeg_resync_to_restart;
    source->base.term_source = njs_window_term;
    source->data = data;
    source->length = length;
    source->step = step > 0 ? step : 1;
    source->window_end = step < length ? step : length;
    source->base.next_input_byte = data;
    source->base.bytes_in_buffer = source->window_end;
    cinfo->src = &source->base;
}

void njs_window_source_widen(njs_window_source *source) {
    size_t position = njs_window_position(source);
    if (position >= source->length) return;
    size_t end = source->window_end > position ? source->window_end : position;
    end = source->step > source->length - end ? source->length : end + source->step;
    source->window_end = end;
    source->base.next_input_byte = source->data + position;
    source->base.bytes_in_buffer = end - position;
}

/* ----------------------------------------------------------- array recorder */

static jvirt_barray_ptr njs_record_barray(j_common_ptr cinfo, int pool, boolean pre_zero, JDIMENSION blocks_per_row, JDIMENSION rows,
                                          JDIMENSION max_access) {
    njs_array_recorder *recorder = cinfo->client_data;
    jvirt_barray_ptr array = recorder->original(cinfo, pool, pre_zero, blocks_per_row, rows, max_access);
    if (recorder->count < MAX_COMPONENTS) recorder->arrays[recorder->count] = array;
    recorder->count++;
    return array;
}

void njs_array_recorder_install(j_decompress_ptr cinfo, njs_array_recorder *recorder) {
    recorder->original = cinfo->mem->request_virt_barray;
    recorder->count = 0;
    cinfo->client_data = recorder;
    cinfo->mem->request_virt_barray = njs_record_barray;
}

void njs_array_recorder_remove(j_decompress_ptr cinfo, njs_array_recorder *recorder) {
    cinfo->mem->request_virt_barray = recorder->original;
    cinfo->client_data = NULL;
}

/* ------------------------------------------------------------------- filling */

void njs_turned_block(njs_turn turn, JDIMENSION x, JDIMENSION y, JDIMENSION width, JDIMENSION height, JDIMENSION *tx, JDIMENSION *ty) {
    switch (turn) {
    case NJS_TURN_FLIP_H: *tx = width - 1 - x; *ty = y; break;
    case NJS_TURN_FLIP_V: *tx = x; *ty = height - 1 - y; break;
    case NJS_TURN_TRANSPOSE: *tx = y; *ty = x; break;
    case NJS_TURN_TRANSVERSE: *tx = height - 1 - y; *ty = width - 1 - x; break;
    case NJS_TURN_ROT_90: *tx = height - 1 - y; *ty = x; break;
    case NJS_TURN_ROT_180: *tx = width - 1 - x; *ty = height - 1 - y; break;
    case NJS_TURN_ROT_270: *tx = y; *ty = width - 1 - x; break;
    default: *tx = x; *ty = y; break;
    }
}

/* Rows are turned sixteen at a time, column by column: a turn that transposes then writes runs
   of sixteen neighbouring blocks rather than one block per turned row. */
enum { NJS_TILE = 16 };

void njs_fill_rows(const njs_fill *fill, int c, JDIMENSION begin, JDIMENSION end) {
    const njs_fill_component *component = &fill->components[c];
    if (end > component->source_height) end = component->source_height;
    for (JDIMENSION y0 = begin; y0 < end; y0 += NJS_TILE) {
        JDIMENSION tile = end - y0 < NJS_TILE ? end - y0 : NJS_TILE;
        for (JDIMENSION x = 0; x < component->source_width; x++) {
            for (JDIMENSION t = 0; t < tile; t++) {
                JDIMENSION tx, ty;
                njs_turned_block(fill->turn, x, y0 + t, component->source_width, component->source_height, &tx, &ty);
                if (tx < component->offset_x || ty < component->offset_y || tx - component->offset_x >= component->columns ||
                    ty - component->offset_y >= component->rows) {
                    continue;
                }
                const JCOEF *source = component->stored_rows[y0 + t][x];
                JDIMENSION row = ty - component->offset_y, column = tx - component->offset_x;
                JCOEF *target = row < component->upper_rows ? component->upper[row][column] : component->below[row - component->upper_rows][column];
                for (int k = 0; k < DCTSIZE2; k++) target[k] = (JCOEF)(source[fill->from[k]] * fill->sign[k]);
            }
        }
    }
}

void *njs_fill_worker(void *argument) {
    njs_fill *fill = argument;
    JDIMENSION done[MAX_COMPONENTS] = {0};
    for (;;) {
        JDIMENSION ready[MAX_COMPONENTS];
        int finished;
        pthread_mutex_lock(&fill->lock);
        for (;;) {
            int enough = fill->finished || fill->cancelled;
            for (int c = 0; c < fill->count && !enough; c++) enough = fill->ready[c] >= done[c] + NJS_TILE;
            if (enough) break;
            pthread_cond_wait(&fill->published, &fill->lock);
        }
        if (fill->cancelled) {
            pthread_mutex_unlock(&fill->lock);
            return NULL;
        }
        finished = fill->finished;
        for (int c = 0; c < fill->count; c++) ready[c] = fill->ready[c];
        pthread_mutex_unlock(&fill->lock);
        /* Whole tiles while rows are still coming (a tile's rows must all be there), the rest
           at the end. */
        for (int c = 0; c < fill->count; c++) {
            JDIMENSION end = finished ? ready[c] : done[c] + (ready[c] - done[c]) / NJS_TILE * NJS_TILE;
            if (end > done[c]) njs_fill_rows(fill, c, done[c], end);
            if (end > done[c]) done[c] = end;
        }
        if (finished) return NULL;
    }
}

void njs_fill_publish(njs_fill *fill, const JDIMENSION ready[MAX_COMPONENTS], int finished) {
    pthread_mutex_lock(&fill->lock);
    for (int c = 0; c < fill->count; c++) fill->ready[c] = ready[c];
    if (finished) fill->finished = 1;
    pthread_cond_signal(&fill->published);
    pthread_mutex_unlock(&fill->lock);
}

void njs_fill_cancel(njs_fill *fill) {
    pthread_mutex_lock(&fill->lock);
    fill->cancelled = 1;
    pthread_cond_signal(&fill->published);
    pthread_mutex_unlock(&fill->lock);
}
