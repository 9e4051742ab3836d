#include "jpeg_shim.h"
#include "coefficient_pipeline.h"

#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#define NJS_STRING(x) #x
#define NJS_EXPANDED_STRING(x) NJS_STRING(x)

const char *njs_library_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return NJS_EXPANDED_STRING(LIBJPEG_TURBO_VERSION);
#else
    return NJS_EXPANDED_STRING(JPEG_LIB_VERSION);
#endif
}

/* ---------------------------------------------------------------- errors */

typedef struct njs_error_manager {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX + 64];
    int warnings;
    char first_warning[JMSG_LENGTH_MAX];
} njs_error_manager;

static void njs_error_exit(j_common_ptr cinfo) {
    njs_error_manager *manager = (njs_error_manager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->message);
    longjmp(manager->jump, 1);
}

static void njs_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return; /* trace messages */
    njs_error_manager *manager = (njs_error_manager *)cinfo->err;
    /* Extraneous bytes before a marker are harmless and common; everything
       else at this level means the entropy-coded data is damaged. */
    if (cinfo->err->msg_code == JWRN_EXTRANEOUS_DATA) return;
    if (manager->warnings == 0) {
        (*cinfo->err->format_message)(cinfo, manager->first_warning);
    }
    manager->warnings += 1;
}

static void njs_output_message(j_common_ptr cinfo) { (void)cinfo; /* never print */ }

static void njs_install_errors(njs_error_manager *manager) {
    jpeg_std_error(&manager->base);
    manager->base.error_exit = njs_error_exit;
    manager->base.emit_message = njs_emit_message;
    manager->base.output_message = njs_output_message;
    manager->message[0] = 0;
    manager->first_warning[0] = 0;
    manager->warnings = 0;
}

/* ---------------------------------------------------------- coefficients */

int njs_read_coefficients(const uint8_t *data, size_t length, size_t max_memory, void *context,
                          void (*visit)(void *context, int component, uint32_t width_in_blocks, uint32_t height_in_blocks,
                                        const int16_t *blocks),
                          char *error) {
    struct jpeg_decompress_struct info;
    njs_error_manager errors;
    int16_t *volatile row_copy = NULL;
    info.err = &errors.base;
    njs_install_errors(&errors);
    if (setjmp(errors.jump)) {
        snprintf(error, 200, "%s", errors.message);
        free(row_copy);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_create_decompress(&info);
    if (max_memory > 0) info.mem->max_memory_to_use = (long)(max_memory > (size_t)LONG_MAX ? (size_t)LONG_MAX : max_memory);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    jvirt_barray_ptr *arrays = jpeg_read_coefficients(&info);
    for (int c = 0; c < info.num_components; c++) {
        jpeg_component_info *component = &info.comp_info[c];
        JDIMENSION width = component->width_in_blocks, height = component->height_in_blocks;
        size_t count = (size_t)width * height * DCTSIZE2;
        int16_t *copy = malloc(count * sizeof(int16_t) + 1);
        if (!copy) {
            snprintf(error, 200, "out of memory");
            jpeg_destroy_decompress(&info);
            return 1;
        }
        row_copy = copy;
        for (JDIMENSION y = 0; y < height; y++) {
            JBLOCKARRAY row = (*info.mem->access_virt_barray)((j_common_ptr)&info, arrays[c], y, 1, FALSE);
            memcpy(copy + (size_t)y * width * DCTSIZE2, row[0], (size_t)width * DCTSIZE2 * sizeof(int16_t));
        }
        visit(context, c, width, height, copy);
        free(copy);
        row_copy = NULL;
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

/* ------------------------------------------------------------ transforms */

/* Whether the turn swaps rows and columns. */
static int njs_turn_transposes(njs_turn turn) {
    return turn == NJS_TURN_TRANSPOSE || turn == NJS_TURN_TRANSVERSE || turn == NJS_TURN_ROT_90 || turn == NJS_TURN_ROT_270;
}

/* Whether the turn moves the stored right edge away from the right or bottom (so a partial
   block there cannot be kept), and likewise the bottom edge. */
static int njs_turn_moves_right(njs_turn turn) {
    return turn == NJS_TURN_FLIP_H || turn == NJS_TURN_TRANSVERSE || turn == NJS_TURN_ROT_180 || turn == NJS_TURN_ROT_270;
}
static int njs_turn_moves_bottom(njs_turn turn) {
    return turn == NJS_TURN_FLIP_V || turn == NJS_TURN_TRANSVERSE || turn == NJS_TURN_ROT_90 || turn == NJS_TURN_ROT_180;
}

/* Where each coefficient of a turned block comes from, and its sign: `dst[k] = src[from[k]] * sign[k]`.
   A transpose swaps the frequencies u and v; a mirror negates the odd frequencies it reverses. */
static void njs_block_map(njs_turn turn, int from[DCTSIZE2], JCOEF sign[DCTSIZE2]) {
    for (int v = 0; v < DCTSIZE; v++) {
        for (int u = 0; u < DCTSIZE; u++) {
            int k = v * DCTSIZE + u, swapped = u * DCTSIZE + v, odd = 0;
            switch (turn) {
            case NJS_TURN_FLIP_H: from[k] = k; odd = u & 1; break;
            case NJS_TURN_FLIP_V: from[k] = k; odd = v & 1; break;
            case NJS_TURN_TRANSPOSE: from[k] = swapped; break;
            case NJS_TURN_TRANSVERSE: from[k] = swapped; odd = (u + v) & 1; break;
            case NJS_TURN_ROT_90: from[k] = swapped; odd = u & 1; break;
            case NJS_TURN_ROT_180: from[k] = k; odd = (u + v) & 1; break;
            case NJS_TURN_ROT_270: from[k] = swapped; odd = v & 1; break;
            default: from[k] = k; break;
            }
            sign[k] = odd ? -1 : 1;
        }
    }
}



/* Whether `table` equals one of `standard`'s two tables of its class (luma, chroma). */
static int njs_is_standard_table(const JHUFF_TBL *table, JHUFF_TBL *const *standard) {
    for (int i = 0; i < 2; i++) {
        const JHUFF_TBL *candidate = standard[i];
        if (!candidate || memcmp(table->bits, candidate->bits, sizeof(table->bits)) != 0) continue;
        int count = 0;
        for (int length = 1; length <= 16; length++) count += table->bits[length];
        if (count <= 256 && memcmp(table->huffval, candidate->huffval, (size_t)count) == 0) return 1;
    }
    return 0;
}

/* Whether every Huffman table of `source` is one of JPEG's example tables (Annex K), which most
   encoders write by default: a file that did not pay for tables made for its data keeps the
   standard ones (as jpegtran does), one that did gets new ones made (as jpegtran -optimize). */
static int njs_uses_standard_tables(j_decompress_ptr source, j_compress_ptr defaults) {
    for (int i = 0; i < NUM_HUFF_TBLS; i++) {
        if (source->dc_huff_tbl_ptrs[i] && !njs_is_standard_table(source->dc_huff_tbl_ptrs[i], defaults->dc_huff_tbl_ptrs)) return 0;
        if (source->ac_huff_tbl_ptrs[i] && !njs_is_standard_table(source->ac_huff_tbl_ptrs[i], defaults->ac_huff_tbl_ptrs)) return 0;
    }
    return 1;
}

/* The compressor for the turned picture, or one band of it: the source's critical parameters,
   with sampling factors, quantisation tables and density transposed when the turn transposes. */
static void njs_setup_turned(j_decompress_ptr source, j_compress_ptr destination, JDIMENSION width, JDIMENSION height, int transposes) {
    jpeg_copy_critical_parameters(source, destination);
    destination->image_width = width;
    destination->image_height = height;
    if (!transposes) return;
    for (int c = 0; c < destination->num_components; c++) {
        int h = destination->comp_info[c].h_samp_factor;
        destination->comp_info[c].h_samp_factor = destination->comp_info[c].v_samp_factor;
        destination->comp_info[c].v_samp_factor = h;
    }
    for (int t = 0; t < NUM_QUANT_TBLS; t++) {
        JQUANT_TBL *table = destination->quant_tbl_ptrs[t];
        if (!table) continue;
        for (int i = 0; i < DCTSIZE; i++) {
            for (int j = i + 1; j < DCTSIZE; j++) {
                UINT16 value = table->quantval[i * DCTSIZE + j];
                table->quantval[i * DCTSIZE + j] = table->quantval[j * DCTSIZE + i];
                table->quantval[j * DCTSIZE + i] = value;
            }
        }
    }
    UINT16 density = destination->X_density;
    destination->X_density = destination->Y_density;
    destination->Y_density = density;
}

/* The lower band of a turned picture, encoded on its own (by a second thread) with the same
   tables and restart interval as the upper one, to be spliced after it (njs_splice). */
typedef struct {
    j_decompress_ptr source;
    jvirt_barray_ptr *arrays;
    JDIMENSION width, height;
    int transposes;
    unsigned int restart_interval;
    unsigned char *memory;
    unsigned long length;
    int failed;
    char error[200];
} njs_band;

static void *njs_encode_band(void *argument) {
    njs_band *band = argument;
    struct jpeg_compress_struct destination;
    njs_error_manager errors;
    unsigned char *volatile memory = NULL;
    unsigned long length = 0;
    volatile int created = 0;
    destination.err = &errors.base;
    njs_install_errors(&errors);
    if (setjmp(errors.jump)) {
        snprintf(band->error, sizeof band->error, "%s", errors.message);
        if (created) jpeg_destroy_compress(&destination);
        free(memory);
        band->failed = 1;
        return NULL;
    }
    jpeg_create_compress(&destination);
    created = 1;
    destination.in_color_space = JCS_RGB;
    destination.input_components = 3;
    jpeg_set_defaults(&destination);
    njs_setup_turned(band->source, &destination, band->width, band->height, band->transposes);
    destination.optimize_coding = FALSE;
    destination.restart_interval = band->restart_interval;
    jpeg_mem_dest(&destination, (unsigned char **)&memory, &length);
    jpeg_write_coefficients(&destination, band->arrays);
    jpeg_finish_compress(&destination);
    jpeg_destroy_compress(&destination);
    band->memory = memory;
    band->length = length;
    return NULL;
}

/* Where the marker segment `marker` starts in a JPEG's header (before its first SOS), or -1. */
static long njs_find_segment(const unsigned char *data, unsigned long length, int marker) {
    unsigned long position = 2;
    while (position + 4 <= length && data[position] == 0xFF) {
        if (data[position + 1] == marker) return (long)position;
        if (data[position + 1] == 0xDA) return -1;
        position += 2 + ((unsigned long)data[position + 2] << 8 | data[position + 3]);
    }
    return -1;
}

/* One file from two bands encoded with the same tables and restart interval: the upper band's
   file with its frame height made the whole picture's, then a restart marker, then the lower
   band's entropy-coded data (its own restart markers renumbered to follow the upper band's
   `top_intervals`), then EOI. A decoder reads one scan whose restart intervals end where the
   bands meet: the same coefficients as one encoder pass, so the same pixels. */
static int njs_splice(const unsigned char *top, unsigned long top_length, const unsigned char *bottom, unsigned long bottom_length,
                      JDIMENSION full_height, unsigned long top_intervals, unsigned char **out, unsigned long *out_length) {
    long frame = njs_find_segment(top, top_length, 0xC0);
    if (frame < 0) frame = njs_find_segment(top, top_length, 0xC1);
    long scan = njs_find_segment(bottom, bottom_length, 0xDA);
    if (frame < 0 || scan < 0 || top_length < 4 || bottom_length < 4 || top[top_length - 2] != 0xFF || top[top_length - 1] != 0xD9 ||
        bottom[bottom_length - 2] != 0xFF || bottom[bottom_length - 1] != 0xD9 || (unsigned long)frame + 9 > top_length) {
        return 1;
    }
    unsigned long entropy = (unsigned long)scan + 2 + ((unsigned long)bottom[scan + 2] << 8 | bottom[scan + 3]);
    if (entropy + 2 > bottom_length) return 1;
    unsigned long entropy_length = bottom_length - 2 - entropy;
    unsigned long total = top_length - 2 + 2 + entropy_length + 2;
    unsigned char *joined = malloc(total);
    if (!joined) return 1;
    memcpy(joined, top, top_length - 2);
    joined[frame + 5] = (unsigned char)(full_height >> 8);
    joined[frame + 6] = (unsigned char)(full_height & 0xFF);
    unsigned long position = top_length - 2;
    joined[position++] = 0xFF;
    joined[position++] = (unsigned char)(0xD0 + ((top_intervals - 1) & 7));
    memcpy(joined + position, bottom + entropy, entropy_length);
    /* Inside entropy-coded data a 0xFF byte is followed by 0x00 (stuffing) or a marker. */
    for (unsigned long i = position; i + 1 < position + entropy_length; i++) {
        if (joined[i] == 0xFF && joined[i + 1] >= 0xD0 && joined[i + 1] <= 0xD7) {
            joined[i + 1] = (unsigned char)(0xD0 + ((joined[i + 1] - 0xD0 + top_intervals) & 7));
            i++;
        } else if (joined[i] == 0xFF) {
            i++;
        }
    }
    position += entropy_length;
    joined[position++] = 0xFF;
    joined[position++] = 0xD9;
    *out = joined;
    *out_length = position;
    return 0;
}

int njs_transform(const uint8_t *data, size_t length, size_t max_memory, const njs_transform_options *options, uint8_t **out,
                  size_t *out_length, char *error) {
    struct jpeg_decompress_struct source;
    struct jpeg_compress_struct destination;
    njs_error_manager source_errors, destination_errors;
    unsigned char *volatile memory = NULL;
    unsigned long buffer_length = 0;
    volatile int destination_created = 0;
    jvirt_barray_ptr turned[MAX_COMPONENTS];
    /* The lower band's encoder, when the picture is written as two bands: joined before anything
       it reads is destroyed, on every path out. */
    njs_band band;
    memset(&band, 0, sizeof band);
    pthread_t band_thread;
    volatile int band_running = 0;
    /* The second thread that turns decoded rows while the rest is decoded, and its row table. */
    njs_window_source window;
    njs_array_recorder recorder;
    njs_fill fill;
    memset(&fill, 0, sizeof fill);
    pthread_mutex_init(&fill.lock, NULL);
    pthread_cond_init(&fill.published, NULL);
    pthread_t fill_thread;
    volatile int fill_running = 0;
    source.err = &source_errors.base;
    njs_install_errors(&source_errors);
    destination.err = &destination_errors.base;
    njs_install_errors(&destination_errors);
    if (setjmp(source_errors.jump) || setjmp(destination_errors.jump)) {
        snprintf(error, 200, "%s", source_errors.message[0] ? source_errors.message : destination_errors.message);
        if (fill_running) {
            njs_fill_cancel(&fill);
            pthread_join(fill_thread, NULL);
        }
        for (int c = 0; c < MAX_COMPONENTS; c++) free(fill.components[c].stored_rows);
        if (band_running) pthread_join(band_thread, NULL);
        free(band.memory);
        if (destination_created) jpeg_destroy_compress(&destination);
        jpeg_destroy_decompress(&source);
        free(memory);
        return 1;
    }
    jpeg_create_decompress(&source);
    if (max_memory > 0) source.mem->max_memory_to_use = (long)(max_memory > (size_t)LONG_MAX ? (size_t)LONG_MAX : max_memory);
    jpeg_save_markers(&source, JPEG_COM, 0xFFFF);
    for (int marker = 0; marker < 16; marker++) jpeg_save_markers(&source, JPEG_APP0 + marker, 0xFFFF);
    /* A large file is read a window at a time, so that a second thread can turn the rows already
       decoded while the first decodes the rest (a single-scan file; njs_fill_worker). */
    enum { NJS_WINDOW = 256 * 1024 };
    int windowed = options->threads > 1 && length > 4 * (size_t)NJS_WINDOW;
    njs_window_source_install(&source, &window, data, length, windowed ? NJS_WINDOW : length);
    while (jpeg_read_header(&source, TRUE) == JPEG_SUSPENDED) njs_window_source_widen(&window);
    /* jpeg_read_header has set each component's size in blocks; the turned arrays are requested
       now, before jpeg_read_coefficients realizes every array. */
    njs_turn turn = options->turn;
    int transposes = njs_turn_transposes(turn);
    int max_h = 1, max_v = 1;
    for (int c = 0; c < source.num_components; c++) {
        if (source.comp_info[c].h_samp_factor > max_h) max_h = source.comp_info[c].h_samp_factor;
        if (source.comp_info[c].v_samp_factor > max_v) max_v = source.comp_info[c].v_samp_factor;
    }
    JDIMENSION mcu_width = source.num_components == 1 ? DCTSIZE : (JDIMENSION)(max_h * DCTSIZE);
    JDIMENSION mcu_height = source.num_components == 1 ? DCTSIZE : (JDIMENSION)(max_v * DCTSIZE);
    JDIMENSION kept_width = source.image_width, kept_height = source.image_height;
    if (options->trim && njs_turn_moves_right(turn)) kept_width -= kept_width % mcu_width;
    if (options->trim && njs_turn_moves_bottom(turn)) kept_height -= kept_height % mcu_height;
    if ((njs_turn_moves_right(turn) && kept_width % mcu_width) || (njs_turn_moves_bottom(turn) && kept_height % mcu_height) || kept_width == 0 ||
        kept_height == 0) {
        snprintf(error, 200, "the turn would move partial edge blocks and trimming is off");
        jpeg_destroy_decompress(&source);
        return 1;
    }
    JDIMENSION turned_width = transposes ? kept_height : kept_width, turned_height = transposes ? kept_width : kept_height;
    JDIMENSION out_mcu_width = transposes ? mcu_height : mcu_width, out_mcu_height = transposes ? mcu_width : mcu_height;
    JDIMENSION crop_x = 0, crop_y = 0, out_width = turned_width, out_height = turned_height;
    if (options->crop_width > 0) {
        if (options->crop_x % out_mcu_width || options->crop_y % out_mcu_height || options->crop_x >= turned_width || options->crop_y >= turned_height ||
            options->crop_height == 0) {
            snprintf(error, 200, "the crop does not start on the block grid inside the picture");
            jpeg_destroy_decompress(&source);
            return 1;
        }
        crop_x = options->crop_x;
        crop_y = options->crop_y;
        out_width = options->crop_width < turned_width - crop_x ? options->crop_width : turned_width - crop_x;
        out_height = options->crop_height < turned_height - crop_y ? options->crop_height : turned_height - crop_y;
    }
    /* Each component's turned blocks, padded to whole MCUs as the writer reads them. */
    JDIMENSION out_mcus_x = (out_width + out_mcu_width - 1) / out_mcu_width, out_mcus_y = (out_height + out_mcu_height - 1) / out_mcu_height;
    /* jpeg_set_defaults loads the standard tables, to compare the file's with. */
    jpeg_create_compress(&destination);
    destination_created = 1;
    destination.in_color_space = JCS_RGB;
    destination.input_components = 3;
    jpeg_set_defaults(&destination);
    int optimize = source.progressive_mode || options->progressive || !njs_uses_standard_tables(&source, &destination);
    /* With the standard tables (no statistics pass) and a second thread, the picture is written
       as two bands at once, spliced at a restart marker (njs_splice): the upper band's rows are a
       whole number of restart intervals of at most 65535 MCUs, each a whole number of MCU rows. */
    JDIMENSION top_mcu_rows = out_mcus_y;
    unsigned int restart_interval = 0;
    if (options->threads > 1 && !optimize && out_mcus_y >= 2 && (uint64_t)out_width * out_height >= ((uint64_t)1 << 20)) {
        JDIMENSION rows_per_interval = (JDIMENSION)(65535 / out_mcus_x);
        JDIMENSION half = (out_mcus_y + 1) / 2;
        if (rows_per_interval > half) rows_per_interval = half;
        if (rows_per_interval > 0) {
            JDIMENSION top = (half + rows_per_interval - 1) / rows_per_interval * rows_per_interval;
            if (top < out_mcus_y) {
                top_mcu_rows = top;
                restart_interval = (unsigned int)(rows_per_interval * out_mcus_x);
            }
        }
    }
    int split = top_mcu_rows < out_mcus_y;
    jvirt_barray_ptr lower[MAX_COMPONENTS];
    for (int c = 0; c < source.num_components; c++) {
        jpeg_component_info *component = &source.comp_info[c];
        JDIMENSION h = (JDIMENSION)(transposes ? component->v_samp_factor : component->h_samp_factor);
        JDIMENSION v = (JDIMENSION)(transposes ? component->h_samp_factor : component->v_samp_factor);
        if (source.num_components == 1) h = v = 1;
        /* Zeroed (the padding past the picture is never shown), and reachable all at once. */
        turned[c] = (*source.mem->request_virt_barray)((j_common_ptr)&source, JPOOL_IMAGE, FALSE, out_mcus_x * h, top_mcu_rows * v, top_mcu_rows * v);
        if (split) {
            JDIMENSION rows = (out_mcus_y - top_mcu_rows) * v;
            lower[c] = (*source.mem->request_virt_barray)((j_common_ptr)&source, JPOOL_IMAGE, FALSE, out_mcus_x * h, rows, rows);
        }
    }
    njs_array_recorder_install(&source, &recorder);
    jvirt_barray_ptr *stored = jpeg_read_coefficients(&source);
    njs_array_recorder_remove(&source, &recorder);
    /* Every array is realized now: where each component's turned blocks go. */
    fill.turn = turn;
    fill.count = source.num_components;
    njs_block_map(turn, fill.from, fill.sign);
    for (int c = 0; c < source.num_components; c++) {
        jpeg_component_info *component = &source.comp_info[c];
        njs_fill_component *part = &fill.components[c];
        JDIMENSION h = (JDIMENSION)(source.num_components == 1 ? 1 : component->h_samp_factor);
        JDIMENSION v = (JDIMENSION)(source.num_components == 1 ? 1 : component->v_samp_factor);
        /* The kept source picture in this component's blocks: whole MCUs where trimmed. */
        part->source_width = njs_turn_moves_right(turn) ? kept_width / mcu_width * h : component->width_in_blocks;
        part->source_height = njs_turn_moves_bottom(turn) ? kept_height / mcu_height * v : component->height_in_blocks;
        JDIMENSION out_h = transposes ? v : h, out_v = transposes ? h : v;
        part->offset_x = crop_x / out_mcu_width * out_h;
        part->offset_y = crop_y / out_mcu_height * out_v;
        part->rows = out_mcus_y * out_v;
        part->columns = out_mcus_x * out_h;
        part->upper_rows = top_mcu_rows * out_v;
        part->upper = (*source.mem->access_virt_barray)((j_common_ptr)&source, turned[c], 0, part->upper_rows, TRUE);
        part->below = split ? (*source.mem->access_virt_barray)((j_common_ptr)&source, lower[c], 0, part->rows - part->upper_rows, TRUE) : NULL;
        part->stored_rows = calloc(component->height_in_blocks > 0 ? component->height_in_blocks : 1, sizeof(JBLOCKROW));
        if (!part->stored_rows) ERREXIT1(&source, JERR_OUT_OF_MEMORY, 10);
    }
    /* While the file is still being decoded (a single scan), its complete rows are turned on a
       second thread as they come: turning then costs little more than decoding. */
    JDIMENSION published[MAX_COMPONENTS] = {0};
    if (!stored && recorder.count == source.num_components && !jpeg_has_multiple_scans(&source) &&
        pthread_create(&fill_thread, NULL, njs_fill_worker, &fill) == 0) {
        fill_running = 1;
    }
    while (!stored) {
        if (fill_running) {
            for (int c = 0; c < source.num_components; c++) {
                jpeg_component_info *component = &source.comp_info[c];
                JDIMENSION complete = source.input_iMCU_row * (JDIMENSION)component->v_samp_factor;
                if (complete > component->height_in_blocks) complete = component->height_in_blocks;
                for (JDIMENSION y = published[c]; y < complete; y++) {
                    fill.components[c].stored_rows[y] = (*source.mem->access_virt_barray)((j_common_ptr)&source, recorder.arrays[c], y, 1, FALSE)[0];
                }
                if (complete > published[c]) published[c] = complete;
            }
            njs_fill_publish(&fill, published, 0);
        }
        njs_window_source_widen(&window);
        stored = jpeg_read_coefficients(&source);
    }
    for (int c = 0; c < source.num_components; c++) {
        for (JDIMENSION y = published[c]; y < source.comp_info[c].height_in_blocks; y++) {
            fill.components[c].stored_rows[y] = (*source.mem->access_virt_barray)((j_common_ptr)&source, stored[c], y, 1, FALSE)[0];
        }
        published[c] = source.comp_info[c].height_in_blocks;
    }
    /* Damaged entropy-coded data reads as zeros with a warning: refuse it, as decoding does. */
    if (source_errors.warnings > 0) {
        snprintf(error, 200, "%s", source_errors.first_warning);
        if (fill_running) {
            njs_fill_cancel(&fill);
            pthread_join(fill_thread, NULL);
        }
        for (int c = 0; c < MAX_COMPONENTS; c++) free(fill.components[c].stored_rows);
        jpeg_destroy_compress(&destination);
        jpeg_destroy_decompress(&source);
        return 1;
    }
    if (fill_running) {
        njs_fill_publish(&fill, published, 1);
        pthread_join(fill_thread, NULL);
        fill_running = 0;
    } else {
        for (int c = 0; c < source.num_components; c++) njs_fill_rows(&fill, c, 0, published[c]);
    }
    for (int c = 0; c < MAX_COMPONENTS; c++) {
        free(fill.components[c].stored_rows);
        fill.components[c].stored_rows = NULL;
    }
    /* The lower band starts encoding on its own thread while this one writes the upper band
       (or after it, when no thread could be started). */
    if (split) {
        band.source = &source;
        band.arrays = lower;
        band.width = out_width;
        band.height = out_height - top_mcu_rows * out_mcu_height;
        band.transposes = transposes;
        band.restart_interval = restart_interval;
        band_running = pthread_create(&band_thread, NULL, njs_encode_band, &band) == 0;
    }
    njs_setup_turned(&source, &destination, out_width, split ? top_mcu_rows * out_mcu_height : out_height, transposes);
    destination.optimize_coding = optimize ? TRUE : FALSE;
    destination.restart_interval = restart_interval;
    if (options->progressive) jpeg_simple_progression(&destination);
    jpeg_mem_dest(&destination, (unsigned char **)&memory, &buffer_length);
    jpeg_write_coefficients(&destination, turned);
    for (jpeg_saved_marker_ptr marker = source.marker_list; marker; marker = marker->next) {
        if (destination.write_JFIF_header && marker->marker == JPEG_APP0 && marker->data_length >= 5 && memcmp(marker->data, "JFIF", 5) == 0) continue;
        if (destination.write_Adobe_marker && marker->marker == JPEG_APP0 + 14 && marker->data_length >= 5 && memcmp(marker->data, "Adobe", 5) == 0) continue;
        jpeg_write_marker(&destination, marker->marker, marker->data, marker->data_length);
    }
    jpeg_finish_compress(&destination);
    if (split) {
        if (band_running) {
            pthread_join(band_thread, NULL);
            band_running = 0;
        } else {
            njs_encode_band(&band);
        }
        unsigned char *joined = NULL;
        unsigned long joined_length = 0;
        unsigned long top_intervals = (unsigned long)top_mcu_rows * out_mcus_x / restart_interval;
        int failed = band.failed || njs_splice(memory, buffer_length, band.memory, band.length, out_height, top_intervals, &joined, &joined_length);
        if (failed) snprintf(error, 200, "%s", band.failed ? band.error : "the two bands of the turned picture could not be joined");
        free(band.memory);
        band.memory = NULL;
        free(memory);
        memory = joined;
        buffer_length = joined_length;
        if (failed) {
            jpeg_destroy_compress(&destination);
            jpeg_destroy_decompress(&source);
            return 1;
        }
    }
    jpeg_finish_decompress(&source);
    jpeg_destroy_compress(&destination);
    jpeg_destroy_decompress(&source);
    pthread_mutex_destroy(&fill.lock);
    pthread_cond_destroy(&fill.published);
    *out = memory;
    *out_length = buffer_length;
    return 0;
}

/* --------------------------------------------------------------- decoder */

struct njs_decoder {
    struct jpeg_decompress_struct info;
    njs_error_manager errors;
    const uint8_t *data;
    size_t length;
    int created;
    int started;
};

njs_decoder *njs_decoder_create(const uint8_t *data, size_t len) {
    njs_decoder *dec = calloc(1, sizeof(njs_decoder));
    if (!dec) return NULL;
    dec->data = data;
    dec->length = len;
    njs_install_errors(&dec->errors);
    dec->info.err = &dec->errors.base;
    if (setjmp(dec->errors.jump)) {
        return dec; /* created stays 0; read_header reports the message */
    }
    jpeg_create_decompress(&dec->info);
    dec->created = 1;
    return dec;
}

/* The fewest bits one block can spend on the codes of `table`, each code's length plus the
   extra bits its symbol brings (the low 4 bits of a symbol: the magnitude category).
   For a DC table: any symbol. For an AC table (`ac` = 1): an end-of-block (0x00) or a
   coefficient (size >= 1); a zero run (0xF0) alone never ends a block. 1 when the table is
   absent (libjpeg may supply default tables later) or holds no such symbol. */
static uint64_t njs_cheapest_block(const JHUFF_TBL *table, int ac) {
    if (!table) return 1;
    uint64_t best = 0;
    int index = 0;
    for (int length = 1; length <= 16; length++) {
        for (int n = 0; n < table->bits[length] && index < 256; n++, index++) {
            int symbol = table->huffval[index];
            int extra = symbol & 0x0F;
            if (ac && symbol != 0x00 && extra == 0) continue;
            uint64_t cost = (uint64_t)(length + extra);
            if (best == 0 || cost < best) best = cost;
        }
    }
    return best > 0 ? best : 1;
}

int njs_decoder_read_header(njs_decoder *dec, njs_header *header) {
    if (!dec->created) {
        if (!dec->errors.message[0]) strcpy(dec->errors.message, "could not create a JPEG decoder");
        return 1;
    }
    if (setjmp(dec->errors.jump)) return 1;
    jpeg_mem_src(&dec->info, dec->data, (unsigned long)dec->length);
    jpeg_save_markers(&dec->info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_save_markers(&dec->info, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&dec->info, TRUE);
    header->width = dec->info.image_width;
    header->height = dec->info.image_height;
    header->components = dec->info.num_components;
    switch (dec->info.jpeg_color_space) {
    case JCS_GRAYSCALE: header->color_space = NJS_GRAY; break;
    case JCS_RGB: header->color_space = NJS_RGB; break;
    case JCS_YCbCr: header->color_space = NJS_YCBCR; break;
    case JCS_CMYK: header->color_space = NJS_CMYK; break;
    case JCS_YCCK: header->color_space = NJS_YCCK; break;
    default: header->color_space = NJS_UNKNOWN; break;
    }
    header->progressive = jpeg_has_multiple_scans(&dec->info) ? 1 : 0;
    header->saw_adobe_marker = dec->info.saw_Adobe_marker ? 1 : 0;
    header->arithmetic = dec->info.arith_code ? 1 : 0;
    /* jpeg_read_header stops at the first SOS, after libjpeg's initial_setup has sized every
       component in blocks. Whole-image coefficient buffers hold each component rounded up to
       whole MCUs (its sampling factors), 64 coefficients of 2 bytes per block. */
    uint64_t blocks = 0, padded = 0, min_bits = 0;
    for (int ci = 0; ci < dec->info.num_components; ci++) {
        const jpeg_component_info *comp = &dec->info.comp_info[ci];
        uint64_t w = comp->width_in_blocks, h = comp->height_in_blocks;
        uint64_t hs = comp->h_samp_factor > 0 ? (uint64_t)comp->h_samp_factor : 1;
        uint64_t vs = comp->v_samp_factor > 0 ? (uint64_t)comp->v_samp_factor : 1;
        blocks += w * h;
        padded += ((w + hs - 1) / hs * hs) * ((h + vs - 1) / vs * vs);
        /* Every block costs at least one DC code (a sequential block also an end-of-block or a
           coefficient code), with its extra bits. A component in the first scan uses the tables
           that scan names; any other may get tables defined later, so it counts 1 bit each. */
        int in_first_scan = 0;
        for (int si = 0; si < dec->info.comps_in_scan; si++)
            if (dec->info.cur_comp_info[si] == comp) in_first_scan = 1;
        uint64_t dc_bits = 1, ac_bits = 1;
        if (in_first_scan && comp->dc_tbl_no >= 0 && comp->dc_tbl_no < NUM_HUFF_TBLS)
            dc_bits = njs_cheapest_block(dec->info.dc_huff_tbl_ptrs[comp->dc_tbl_no], 0);
        if (in_first_scan && comp->ac_tbl_no >= 0 && comp->ac_tbl_no < NUM_HUFF_TBLS)
            ac_bits = njs_cheapest_block(dec->info.ac_huff_tbl_ptrs[comp->ac_tbl_no], 1);
        min_bits += w * h * (dec->info.progressive_mode ? dc_bits : dc_bits + ac_bits);
    }
    header->blocks = blocks;
    header->min_bits = min_bits;
    header->data_bytes = dec->info.src ? (uint64_t)dec->info.src->bytes_in_buffer : 0;
    header->coefficient_bytes = header->progressive ? padded * 64 * 2 : 0;
    return 0;
}

int njs_decoder_start(njs_decoder *dec, int scale_denom, size_t max_memory, njs_output *output) {
    if (setjmp(dec->errors.jump)) return 1;
    /* Without a backing store, libjpeg fails ("Backing store not supported") rather than
       allocate whole-image buffers over this cap. */
    if (max_memory > 0) dec->info.mem->max_memory_to_use = (long)(max_memory > (size_t)LONG_MAX ? (size_t)LONG_MAX : max_memory);
    dec->info.scale_num = 1;
    dec->info.scale_denom = (unsigned int)scale_denom;
    switch (dec->info.jpeg_color_space) {
    case JCS_GRAYSCALE: dec->info.out_color_space = JCS_GRAYSCALE; break;
    case JCS_CMYK:
    case JCS_YCCK: dec->info.out_color_space = JCS_CMYK; break;
    default: dec->info.out_color_space = JCS_RGB; break;
    }
    dec->info.dct_method = JDCT_ISLOW;
    jpeg_start_decompress(&dec->info);
    dec->started = 1;
    output->width = dec->info.output_width;
    output->height = dec->info.output_height;
    output->components = dec->info.output_components;
    return 0;
}

int njs_decoder_read_rows(njs_decoder *dec, uint8_t *dst, size_t stride, uint32_t rows, uint32_t *rows_read) {
    *rows_read = 0;
    if (setjmp(dec->errors.jump)) return 1;
    while (*rows_read < rows && dec->info.output_scanline < dec->info.output_height) {
        JSAMPROW row = dst + (size_t)(*rows_read) * stride;
        JDIMENSION got = jpeg_read_scanlines(&dec->info, &row, 1);
        if (got == 0) break;
        *rows_read += got;
    }
    return 0;
}

/* Whether jpeg_crop_scanline gives the same pixels as a full decode. It recomputes each
   component's downsampled_width as output_width * h / max_h, leaving out the component's own
   IDCT scaling; when scaled decoding gives a subsampled component a larger IDCT than the
   others (libjpeg-turbo does so to save upsampling) and that component still needs
   upsampling, its upsampler then works on too few columns and the window comes out wrong
   (found by the jpeg fuzz target: 2x4 or 4x2 luma sampling decoded at 1/2 or 1/4). A
   component whose larger IDCT removes its upsampling altogether is unaffected. */
static int njs_crop_is_exact(const struct jpeg_decompress_struct *info) {
#if JPEG_LIB_VERSION >= 70
    int minimum = info->min_DCT_h_scaled_size;
#else
    int minimum = info->min_DCT_scaled_size;
#endif
    for (int ci = 0; ci < info->num_components; ci++) {
        const jpeg_component_info *component = &info->comp_info[ci];
#if JPEG_LIB_VERSION >= 70
        int size = component->DCT_h_scaled_size;
#else
        int size = component->DCT_scaled_size;
#endif
        if (size == minimum) continue;
        int full_width = component->h_samp_factor * size == info->max_h_samp_factor * minimum;
        int full_height = component->v_samp_factor * size == info->max_v_samp_factor * minimum;
        if (!full_width || !full_height) return 0;
    }
    return 1;
}

int njs_decoder_crop_columns(njs_decoder *dec, uint32_t *x, uint32_t *width) {
    if (setjmp(dec->errors.jump)) return 1;
    if (!njs_crop_is_exact(&dec->info)) {
        /* Whole rows instead; the caller cuts the columns out. */
        *x = 0;
        *width = dec->info.output_width;
        return 0;
    }
    JDIMENSION offset = *x, span = *width;
    jpeg_crop_scanline(&dec->info, &offset, &span);
    *x = offset;
    *width = span;
    return 0;
}

int njs_decoder_skip_rows(njs_decoder *dec, uint32_t rows, uint32_t *skipped) {
    *skipped = 0;
    if (setjmp(dec->errors.jump)) return 1;
    if (rows > 0) *skipped = jpeg_skip_scanlines(&dec->info, rows);
    return 0;
}

void njs_decoder_abort(njs_decoder *dec) {
    if (dec->started) jpeg_abort_decompress(&dec->info);
    dec->started = 0;
}

int njs_decoder_finish(njs_decoder *dec) {
    if (setjmp(dec->errors.jump)) return 1;
    if (dec->started) jpeg_finish_decompress(&dec->info);
    dec->started = 0;
    return 0;
}

int njs_decoder_marker_count(const njs_decoder *dec) {
    int count = 0;
    for (jpeg_saved_marker_ptr m = dec->info.marker_list; m; m = m->next) count++;
    return count;
}

void njs_decoder_marker(const njs_decoder *dec, int index, int *code, const uint8_t **data, size_t *length) {
    int i = 0;
    for (jpeg_saved_marker_ptr m = dec->info.marker_list; m; m = m->next, i++) {
        if (i == index) {
            *code = m->marker;
            *data = m->data;
            *length = m->data_length;
            return;
        }
    }
    *code = 0;
    *data = NULL;
    *length = 0;
}

const char *njs_decoder_error(const njs_decoder *dec) { return dec->errors.message; }
int njs_decoder_warning_count(const njs_decoder *dec) { return dec->errors.warnings; }
const char *njs_decoder_first_warning(const njs_decoder *dec) { return dec->errors.first_warning; }

void njs_decoder_destroy(njs_decoder *dec) {
    if (!dec) return;
    if (dec->created) {
        /* jpeg_destroy never calls error_exit, but keep a barrier anyway. */
        if (!setjmp(dec->errors.jump)) jpeg_destroy_decompress(&dec->info);
    }
    free(dec);
}

/* --------------------------------------------------------------- encoder */

struct njs_encoder {
    struct jpeg_compress_struct info;
    njs_error_manager errors;
    unsigned char *buffer;       /* jpeg_mem_dest's output, owned until taken by njs_encoder_finish */
    unsigned long buffer_length;
    int created;
};

int njs_encoder_start(njs_encoder **out, uint32_t width, uint32_t height, int components,
                      const njs_encode_options *options, char *error, size_t error_capacity) {
    *out = NULL;
    njs_encoder *enc = calloc(1, sizeof(njs_encoder));
    if (!enc) {
        if (error && error_capacity) snprintf(error, error_capacity, "out of memory creating an encoder");
        return 1;
    }
    njs_install_errors(&enc->errors);
    enc->info.err = &enc->errors.base;
    if (setjmp(enc->errors.jump)) {
        if (error && error_capacity) snprintf(error, error_capacity, "%s", enc->errors.message);
        njs_encoder_destroy(enc);
        return 1;
    }
    jpeg_create_compress(&enc->info);
    enc->created = 1;
    jpeg_mem_dest(&enc->info, &enc->buffer, &enc->buffer_length);
    struct jpeg_compress_struct *info = &enc->info;
    info->image_width = width;
    info->image_height = height;
    info->input_components = components;
    info->in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(info);
    jpeg_set_quality(info, options->quality, TRUE);
    info->dct_method = JDCT_ISLOW;
    /* Optimised Huffman tables make baseline files ~5% smaller but force libjpeg
       to buffer every DCT coefficient of the image (about as large as the image
       itself); progressive mode buffers them anyway and optimises for free. */
    info->optimize_coding = options->progressive ? TRUE : FALSE;
    if (components == 3) {
        int h = 2, v = 2;
        if (options->chroma_subsampling == 444) { h = 1; v = 1; }
        else if (options->chroma_subsampling == 422) { h = 2; v = 1; }
        info->comp_info[0].h_samp_factor = h;
        info->comp_info[0].v_samp_factor = v;
        info->comp_info[1].h_samp_factor = 1;
        info->comp_info[1].v_samp_factor = 1;
        info->comp_info[2].h_samp_factor = 1;
        info->comp_info[2].v_samp_factor = 1;
    }
    if (options->progressive) jpeg_simple_progression(info);
    jpeg_start_compress(info, TRUE);
    if (options->exif && options->exif_length > 0) {
        /* APP1: "Exif\0\0" + TIFF block; a marker holds at most 65533 bytes. */
        size_t total = options->exif_length + 6;
        if (total <= 65533) {
            jpeg_write_m_header(info, JPEG_APP0 + 1, (unsigned int)total);
            const char prefix[6] = {'E', 'x', 'i', 'f', 0, 0};
            for (int i = 0; i < 6; i++) jpeg_write_m_byte(info, prefix[i]);
            for (size_t i = 0; i < options->exif_length; i++) jpeg_write_m_byte(info, options->exif[i]);
        }
    }
    if (options->icc && options->icc_length > 0) {
        jpeg_write_icc_profile(info, options->icc, (unsigned int)options->icc_length);
    }
    *out = enc;
    return 0;
}

int njs_encoder_write_rows(njs_encoder *enc, const uint8_t *pixels, size_t stride, uint32_t rows) {
    if (setjmp(enc->errors.jump)) return 1;
    for (uint32_t row = 0; row < rows && enc->info.next_scanline < enc->info.image_height; row++) {
        JSAMPROW line = (JSAMPROW)(pixels + (size_t)row * stride);
        jpeg_write_scanlines(&enc->info, &line, 1);
    }
    return 0;
}

int njs_encoder_finish(njs_encoder *enc, uint8_t **out, size_t *out_length) {
    *out = NULL;
    *out_length = 0;
    if (setjmp(enc->errors.jump)) return 1;
    jpeg_finish_compress(&enc->info);
    *out = enc->buffer;
    *out_length = enc->buffer_length;
    enc->buffer = NULL;
    return 0;
}

const char *njs_encoder_error(const njs_encoder *enc) { return enc->errors.message; }

void njs_encoder_destroy(njs_encoder *enc) {
    if (!enc) return;
    if (enc->created) jpeg_destroy_compress(&enc->info);
    free(enc->buffer);
    free(enc);
}

void njs_free(void *pointer) { free(pointer); }
