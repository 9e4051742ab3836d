// libheif (Debian: libheif-dev; at run time libheif1): HEIC through libde265/x265, AVIF through
// dav1d/aom. Loading it (with its codecs and the C++ runtime they bring) costs a process several
// milliseconds. Every failure comes back as a struct heif_error, so Swift calls the functions
// through the table directly.
// Loaded with dlopen the first time it is needed, not linked (see CLazyLoading.h).
#ifndef NINEPIPE_CHEIF_H
#define NINEPIPE_CHEIF_H

#if __has_include(<libheif/heif.h>)
#include <libheif/heif.h>

#include "CLazyLoading.h"

/// The functions Ninepipe calls, in one list: the table's fields and the names the loader
/// looks up are made from it.
#define NINEPIPE_HEIF_FUNCTIONS(X) \
    X(heif_context_add_exif_metadata) \
    X(heif_context_alloc) \
    X(heif_context_encode_image) \
    X(heif_context_free) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_get_primary_image_ID) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_context_write) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_encoder_release) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_encoder_set_parameter_integer) \
    X(heif_encoder_set_parameter_string) \
    X(heif_encoding_options_alloc) \
    X(heif_encoding_options_free) \
    X(heif_get_version) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_color_profile_type) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_list_of_metadata_block_IDs) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_metadata) \
    X(heif_image_handle_get_metadata_size) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_number_of_metadata_blocks) \
    X(heif_image_handle_get_number_of_thumbnails) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_image_set_raw_color_profile) \
    X(heif_nclx_color_profile_free)

/// The functions, each named as in the library's header; every field is set once loaded.
struct ninepipe_heif {
    NINEPIPE_HEIF_FUNCTIONS(NINEPIPE_TABLE_FIELD)
};

/// Loads the library the first time (once per process, from any thread) and returns its
/// functions, or NULL with *error (static text) saying why: missing, or lacking a function.
const struct ninepipe_heif *_Nullable ninepipe_heif_load(const char *_Nullable *_Nonnull error);

#endif  // __has_include
#endif
