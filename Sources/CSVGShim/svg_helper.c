// The helper process: loads librsvg with dlopen and answers requests until its socket closes.
// Only this process ever runs librsvg, cairo or GLib code.
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "protocol.h"

// The part of librsvg's, cairo's and GLib's ABI used here, as their headers declare it (librsvg
// 2.52 or later: rsvg_handle_get_intrinsic_size_in_pixels, rsvg_handle_render_document).
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct { double length; int unit; } RsvgLength;
typedef struct RsvgHandle RsvgHandle;
typedef struct GInputStream GInputStream;
typedef struct cairo cairo_t;
typedef struct cairo_surface cairo_surface_t;
enum { CAIRO_FORMAT_ARGB32 = 0, CAIRO_STATUS_SUCCESS = 0 };

static struct {
    GInputStream *(*memory_input_stream_new_from_data)(const void *, long, void (*)(void *));
    void (*object_unref)(void *);
    void (*error_free)(GError *);
    RsvgHandle *(*handle_new_from_stream_sync)(GInputStream *, void *, int, void *, GError **);
    void (*handle_set_dpi)(RsvgHandle *, double);
    int (*handle_get_intrinsic_size_in_pixels)(RsvgHandle *, double *, double *);
    void (*handle_get_intrinsic_dimensions)(RsvgHandle *, int *, RsvgLength *, int *, RsvgLength *, int *, RsvgRectangle *);
    int (*handle_get_geometry_for_layer)(RsvgHandle *, const char *, const RsvgRectangle *, RsvgRectangle *, RsvgRectangle *, GError **);
    int (*handle_render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
    int (*format_stride_for_width)(int, int);
    cairo_surface_t *(*image_surface_create_for_data)(unsigned char *, int, int, int, int);
    cairo_t *(*create)(cairo_surface_t *);
    void (*scale)(cairo_t *, double, double);
    int (*status)(cairo_t *);
    const char *(*status_to_string)(int);
    void (*destroy)(cairo_t *);
    void (*surface_flush)(cairo_surface_t *);
    void (*surface_destroy)(cairo_surface_t *);
    const unsigned *major, *minor, *micro;
} api;

/// The loader's error when librsvg could not be loaded, or NULL once it is.
static char load_error[400] = "";
static int loaded = 0;
static void *rsvg_library = NULL;

typedef struct xmlParserInput xmlParserInput;
typedef xmlParserInput *(*xml_entity_loader)(const char *url, const char *id, void *context);

/// Loads no external entity and no DTD, whoever asks (libxml2 calls it for every external
/// reference; installed for the whole helper, librsvg's parses included).
static xmlParserInput *refuse_entity(const char *url, const char *id, void *context) {
    (void)url;
    (void)id;
    (void)context;
    return NULL;
}

/// Loads librsvg (and through it cairo and GLib) and finds every function, and installs
/// refuse_entity as libxml2's external entity loader; 0 or -1.
static int load(void) {
    if (loaded) return 0;
#if defined(__APPLE__)
    const char *names[] = {"librsvg-2.2.dylib", "/opt/homebrew/lib/librsvg-2.2.dylib", "/usr/local/lib/librsvg-2.2.dylib"};
#else
    const char *names[] = {"librsvg-2.so.2", "librsvg-2.so"};
#endif
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : "librsvg-2 not found");
        return -1;
    }
    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&api.memory_input_stream_new_from_data, "g_memory_input_stream_new_from_data"},
        {(void **)&api.object_unref, "g_object_unref"},
        {(void **)&api.error_free, "g_error_free"},
        {(void **)&api.handle_new_from_stream_sync, "rsvg_handle_new_from_stream_sync"},
        {(void **)&api.handle_set_dpi, "rsvg_handle_set_dpi"},
        {(void **)&api.handle_get_intrinsic_size_in_pixels, "rsvg_handle_get_intrinsic_size_in_pixels"},
        {(void **)&api.handle_get_intrinsic_dimensions, "rsvg_handle_get_intrinsic_dimensions"},
        {(void **)&api.handle_get_geometry_for_layer, "rsvg_handle_get_geometry_for_layer"},
        {(void **)&api.handle_render_document, "rsvg_handle_render_document"},
        {(void **)&api.format_stride_for_width, "cairo_format_stride_for_width"},
        {(void **)&api.image_surface_create_for_data, "cairo_image_surface_create_for_data"},
        {(void **)&api.create, "cairo_create"},
        {(void **)&api.scale, "cairo_scale"},
        {(void **)&api.status, "cairo_status"},
        {(void **)&api.status_to_string, "cairo_status_to_string"},
        {(void **)&api.destroy, "cairo_destroy"},
        {(void **)&api.surface_flush, "cairo_surface_flush"},
        {(void **)&api.surface_destroy, "cairo_surface_destroy"},
        {(void **)&api.major, "rsvg_major_version"},
        {(void **)&api.minor, "rsvg_minor_version"},
        {(void **)&api.micro, "rsvg_micro_version"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        // dlsym on the library's handle also searches what it links (cairo, GLib).
        *symbols[i].slot = dlsym(library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(load_error, sizeof load_error, "librsvg has no %s (Ninepipe needs librsvg 2.52 or later)", symbols[i].name);
            return -1;
        }
    }
    void (*set_entity_loader)(xml_entity_loader) = (void (*)(xml_entity_loader))dlsym(library, "xmlSetExternalEntityLoader");
    if (set_entity_loader == NULL) {
        snprintf(load_error, sizeof load_error, "libxml2 (through librsvg) has no xmlSetExternalEntityLoader");
        return -1;
    }
    set_entity_loader(refuse_entity);
    rsvg_library = library;
    loaded = 1;
    return 0;
}

static void set_message(struct njs_reply *reply, const char *text) { snprintf(reply->message, sizeof reply->message, "%s", text); }

/// Records `error` (or `fallback`) as the reply's reason; returns NJS_SVG_INVALID.
static int fail(struct njs_reply *reply, GError *error, const char *fallback) {
    set_message(reply, error != NULL && error->message != NULL ? error->message : fallback);
    if (error != NULL) api.error_free(error);
    return NJS_SVG_INVALID;
}

static RsvgHandle *open_document(const uint8_t *data, size_t length, struct njs_reply *reply) {
    GInputStream *stream = api.memory_input_stream_new_from_data(data, (long)length, NULL);
    GError *error = NULL;
    // No base file and no flags (RSVG_HANDLE_FLAG_UNLIMITED stays off).
    RsvgHandle *handle = api.handle_new_from_stream_sync(stream, NULL, 0, NULL, &error);
    api.object_unref(stream);
    if (handle == NULL) {
        fail(reply, error, "librsvg could not read the document");
        return NULL;
    }
    api.handle_set_dpi(handle, 96);
    return handle;
}

static int measure(const uint8_t *data, size_t length, struct njs_reply *reply) {
    RsvgHandle *handle = open_document(data, length, reply);
    if (handle == NULL) return NJS_SVG_INVALID;
    int result = 1;
    if (!api.handle_get_intrinsic_size_in_pixels(handle, &reply->width, &reply->height)) {
        int has_width = 0, has_height = 0, has_viewbox = 0;
        RsvgLength w, h;
        RsvgRectangle viewbox;
        api.handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
        reply->width = has_viewbox ? viewbox.width : 0;
        reply->height = has_viewbox ? viewbox.height : 0;
        result = has_viewbox ? 1 : 0;
    }
    api.object_unref(handle);
    return result;
}

static int draw(const struct njs_request *request, const uint8_t *data, const char *names, uint8_t *pixels, struct njs_reply *reply) {
    RsvgHandle *handle = open_document(data, request->document_length, reply);
    if (handle == NULL) return NJS_SVG_INVALID;
    RsvgRectangle document = {0, 0, request->document_width, request->document_height};
    const char *name = names;
    for (int i = 0; i < request->located_count && i < NJS_SVG_MAX_LOCATED; i++) {
        RsvgRectangle ink, logical;
        GError *error = NULL;
        reply->found[i] = api.handle_get_geometry_for_layer(handle, name, &document, &ink, &logical, &error) ? 1 : 0;
        if (error != NULL) api.error_free(error);
        if (reply->found[i]) {
            reply->boxes[i * 4 + 0] = logical.x;
            reply->boxes[i * 4 + 1] = logical.y;
            reply->boxes[i * 4 + 2] = logical.width;
            reply->boxes[i * 4 + 3] = logical.height;
        }
        name += strlen(name) + 1;
    }
    int stride = request->width * 4;
    if (api.format_stride_for_width(CAIRO_FORMAT_ARGB32, request->width) != stride) {
        api.object_unref(handle);
        return fail(reply, NULL, "cairo cannot make a surface of this width");
    }
    cairo_surface_t *surface = api.image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, request->width, request->height, stride);
    cairo_t *cr = api.create(surface);
    api.scale(cr, request->scale_x, request->scale_y);
    GError *error = NULL;
    int drawn = api.handle_render_document(handle, cr, &document, &error);
    int status = api.status(cr);
    api.destroy(cr);
    api.surface_flush(surface);
    api.surface_destroy(surface);
    api.object_unref(handle);
    if (!drawn) return fail(reply, error, "librsvg could not draw the document");
    if (status != CAIRO_STATUS_SUCCESS) return fail(reply, NULL, api.status_to_string(status));
    // Cairo's ARGB32 is a native-endian 32-bit word per pixel, alpha in the high byte.
    uint32_t *words = (uint32_t *)pixels;
    size_t count = (size_t)request->width * (size_t)request->height;
    for (size_t i = 0; i < count; i++) {
        uint32_t word = words[i];
        pixels[i * 4 + 0] = (uint8_t)(word >> 16);
        pixels[i * 4 + 1] = (uint8_t)(word >> 8);
        pixels[i * 4 + 2] = (uint8_t)word;
        pixels[i * 4 + 3] = (uint8_t)(word >> 24);
    }
    return NJS_SVG_OK;
}

/// The helper's data size in bytes now (from /proc/self/statm), or 0 when unknown.
static size_t data_size(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long size, resident, shared, text, library, data;
    int read = fscanf(file, "%lu %lu %lu %lu %lu %lu", &size, &resident, &shared, &text, &library, &data);
    fclose(file);
    return read == 6 ? (size_t)data * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

/// Bounds what the next request may allocate: `budget` bytes over what the helper holds now
/// (the soft limit only, so the next request can set its own).
static void limit_memory(uint64_t budget) {
    size_t start = data_size();
    if (start == 0 || budget == 0) return;
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0) return;
    limit.rlim_cur = start + budget < limit.rlim_max ? start + budget : limit.rlim_max;
    setrlimit(RLIMIT_DATA, &limit);
}

/// Lifts the previous request's bound.
static void unlimit_memory(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0) return;
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_DATA, &limit);
}

// The part of libxml2's ABI the XML request uses: its text reader, functions only (librsvg
// links libxml2, so the symbols are found through librsvg's handle).
typedef struct xmlTextReader xmlTextReader;
typedef void (*xml_reader_error)(void *arg, const char *message, int severity, void *locator);
// No NOENT (entity substitution) and no DTDLOAD: the caller hands over UTF-8 text with no DTD
// (ResourceXML.prepared), NO_XXE is libxml2 2.13's own refusal of external entities (older ones
// ignore the bit), and IGNORE_ENC with the "UTF-8" argument keeps a declaration from switching
// the decoder.
enum {
    XML_PARSE_NONET = 1 << 11,
    XML_PARSE_IGNORE_ENC = 1 << 21,
    XML_PARSE_BIG_LINES = 1 << 22,
    XML_PARSE_NO_XXE = 1 << 23,
};
// The reader's node types that mean a DTD or an entity got through.
enum { XML_READER_ENTITY_REFERENCE = 5, XML_READER_ENTITY = 6, XML_READER_DOCUMENT_TYPE = 10, XML_READER_END_ENTITY = 16 };
static struct {
    xmlTextReader *(*reader_for_memory)(const char *, int, const char *, const char *, int);
    int (*read)(xmlTextReader *);
    int (*node_type)(xmlTextReader *);
    int (*depth)(xmlTextReader *);
    const unsigned char *(*local_name)(xmlTextReader *);
    const unsigned char *(*namespace_uri)(xmlTextReader *);
    const unsigned char *(*value)(xmlTextReader *);
    int (*next_attribute)(xmlTextReader *);
    int (*to_element)(xmlTextReader *);
    void *(*current_node)(xmlTextReader *);
    long (*node_line)(const void *);
    int (*line)(xmlTextReader *);
    void (*set_error_handler)(xmlTextReader *, xml_reader_error, void *);
    int (*locator_line)(void *);
    void (*free_reader)(xmlTextReader *);
} xml;
static int xml_loaded = 0;

static int load_xml(void) {
    if (xml_loaded) return 0;
    if (load() != 0) return -1;
    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&xml.reader_for_memory, "xmlReaderForMemory"},
        {(void **)&xml.read, "xmlTextReaderRead"},
        {(void **)&xml.node_type, "xmlTextReaderNodeType"},
        {(void **)&xml.depth, "xmlTextReaderDepth"},
        {(void **)&xml.local_name, "xmlTextReaderConstLocalName"},
        {(void **)&xml.namespace_uri, "xmlTextReaderConstNamespaceUri"},
        {(void **)&xml.value, "xmlTextReaderConstValue"},
        {(void **)&xml.next_attribute, "xmlTextReaderMoveToNextAttribute"},
        {(void **)&xml.to_element, "xmlTextReaderMoveToElement"},
        {(void **)&xml.current_node, "xmlTextReaderCurrentNode"},
        {(void **)&xml.node_line, "xmlGetLineNo"},
        {(void **)&xml.line, "xmlTextReaderGetParserLineNumber"},
        {(void **)&xml.set_error_handler, "xmlTextReaderSetErrorHandler"},
        {(void **)&xml.locator_line, "xmlTextReaderLocatorLineNumber"},
        {(void **)&xml.free_reader, "xmlFreeTextReader"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(rsvg_library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(load_error, sizeof load_error, "libxml2 (through librsvg) has no %s", symbols[i].name);
            return -1;
        }
    }
    xml_loaded = 1;
    return 0;
}

/// A growing buffer of records, refused past NJS_XML_RECORDS_LIMIT.
struct records {
    uint8_t *bytes;
    size_t length, capacity;
    int full;
};

static void put(struct records *out, const void *bytes, size_t length) {
    if (out->full) return;
    if (out->length + length > NJS_XML_RECORDS_LIMIT) {
        out->full = 1;
        return;
    }
    if (out->length + length > out->capacity) {
        size_t capacity = out->capacity * 2 + length + 4096;
        uint8_t *grown = realloc(out->bytes, capacity);
        if (grown == NULL) _exit(3);
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->length, bytes, length);
    out->length += length;
}

static void put_u32(struct records *out, uint32_t value) {
    uint8_t bytes[4] = {(uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24)};
    put(out, bytes, 4);
}

static void put_string(struct records *out, const unsigned char *text) {
    size_t length = text != NULL ? strlen((const char *)text) : 0;
    put_u32(out, (uint32_t)length);
    if (length > 0) put(out, text, length);
}

/// The first error the reader reports: its line and text.
struct xml_failure {
    int line;
    char text[300];
};

static void note_error(void *arg, const char *message, int severity, void *locator) {
    struct xml_failure *failure = arg;
    // Severities 1 and 2 are validity and parser warnings; 3 and 4 are errors.
    if (failure->text[0] != 0 || severity < 3) return;
    failure->line = locator != NULL ? xml.locator_line(locator) : 0;
    snprintf(failure->text, sizeof failure->text, "%s", message != NULL ? message : "not well-formed XML");
    size_t end = strlen(failure->text);
    while (end > 0 && (failure->text[end - 1] == '\n' || failure->text[end - 1] == ' ')) failure->text[--end] = 0;
}

static const char xmlns_uri[] = "http://www.w3.org/2000/xmlns/";

/// The line the reader's current node is on (the line its start tag ends on, for an element),
/// else the parser's line; at least 1.
static int node_line(xmlTextReader *reader) {
    void *node = xml.current_node(reader);
    long line = node != NULL ? xml.node_line(node) : -1;
    if (line <= 0) line = xml.line(reader);
    return line > 0 && line < 0x7fffffff ? (int)line : 1;
}

/// Parses `data` into element and text records (see njs_xml_parse).
static int parse_xml(const uint8_t *data, size_t length, struct records *out, struct njs_reply *reply) {
    if (length > 0x7fffffff) {
        set_message(reply, "the document is too large");
        return NJS_SVG_INVALID;
    }
    int options = XML_PARSE_NONET | XML_PARSE_IGNORE_ENC | XML_PARSE_BIG_LINES | XML_PARSE_NO_XXE;
    xmlTextReader *reader = xml.reader_for_memory((const char *)data, (int)length, NULL, "UTF-8", options);
    if (reader == NULL) {
        set_message(reply, "libxml2 could not start reading the document");
        return NJS_SVG_INVALID;
    }
    struct xml_failure failure = {0, ""};
    xml.set_error_handler(reader, note_error, &failure);
    int status;
    int refused = 0;
    while ((status = xml.read(reader)) == 1) {
        int type = xml.node_type(reader);
        if (type == XML_READER_ENTITY_REFERENCE || type == XML_READER_ENTITY || type == XML_READER_DOCUMENT_TYPE || type == XML_READER_END_ENTITY) {
            // The caller removed every DTD and entity: one that is here came past its checks.
            refused = node_line(reader);
            break;
        }
        if (type == 1) {
            put(out, "E", 1);
            put_u32(out, (uint32_t)xml.depth(reader));
            put_u32(out, (uint32_t)node_line(reader));
            put_string(out, xml.local_name(reader));
            put_string(out, xml.namespace_uri(reader));
            // Attributes: counted first, then written, namespace declarations left out.
            uint32_t count = 0;
            while (xml.next_attribute(reader) == 1) {
                const unsigned char *uri = xml.namespace_uri(reader);
                if (uri == NULL || strcmp((const char *)uri, xmlns_uri) != 0) count++;
            }
            xml.to_element(reader);
            if (count > 0xffff) count = 0xffff;
            uint8_t pair[2] = {(uint8_t)count, (uint8_t)(count >> 8)};
            put(out, pair, 2);
            uint32_t written = 0;
            while (written < count && xml.next_attribute(reader) == 1) {
                const unsigned char *uri = xml.namespace_uri(reader);
                if (uri != NULL && strcmp((const char *)uri, xmlns_uri) == 0) continue;
                put_string(out, uri);
                put_string(out, xml.local_name(reader));
                put_string(out, xml.value(reader));
                written++;
            }
            xml.to_element(reader);
        } else if (type == 3 || type == 4) {
            put(out, "T", 1);
            put_u32(out, (uint32_t)xml.depth(reader));
            put_u32(out, (uint32_t)node_line(reader));
            put_string(out, xml.value(reader));
        }
        if (out->full) break;
    }
    xml.free_reader(reader);
    if (refused != 0) {
        snprintf(reply->message, sizeof reply->message, "line %d: the document has a DTD or an entity reference, which Ninepipe does not read", refused);
        return NJS_SVG_INVALID;
    }
    if (out->full) {
        set_message(reply, "the document's elements and text take more than 64 MiB");
        return NJS_SVG_INVALID;
    }
    if (status != 0 || failure.text[0] != 0) {
        snprintf(reply->message, sizeof reply->message, "line %d: %s", failure.line, failure.text[0] != 0 ? failure.text : "not well-formed XML");
        return NJS_SVG_INVALID;
    }
    return NJS_SVG_OK;
}

/// Becomes the helper when this process was started as one (see NJS_HELPER_MARKER): glibc hands
/// constructors the program's arguments. The descriptor must be a socket, so that a program
/// started by hand with these arguments does nothing surprising.
__attribute__((constructor)) static void njs_helper_entry(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc != 2 || argv == NULL || argv[1] == NULL || strcmp(argv[1], NJS_HELPER_MARKER) != 0) return;
    struct stat status;
    if (fstat(NJS_HELPER_FD, &status) != 0 || !S_ISSOCK(status.st_mode)) _exit(2);
    njs_helper_main(NJS_HELPER_FD);
}

void njs_helper_main(int fd) {
    signal(SIGPIPE, SIG_IGN);
    signal(SIGALRM, SIG_DFL);
    for (;;) {
        struct njs_request request;
        if (njs_read_all(fd, &request, sizeof request) != 0) _exit(0);
        alarm(0);
        unlimit_memory();
        // A request that outlives its caller's wait ends this helper (its caller killed it
        // already unless the caller is gone): whole seconds, rounded up, plus one.
        alarm(request.seconds > 0 && request.seconds < 86400 ? (unsigned)request.seconds + 2 : 0);
        uint8_t *document = request.document_length > 0 ? malloc(request.document_length) : NULL;
        char *names = request.names_length > 0 ? malloc(request.names_length) : NULL;
        if ((request.document_length > 0 && document == NULL) || (request.names_length > 0 && names == NULL)) _exit(3);
        if (njs_read_all(fd, document, request.document_length) != 0 || njs_read_all(fd, names, request.names_length) != 0) _exit(0);
        struct njs_reply reply;
        memset(&reply, 0, sizeof reply);
        uint8_t *pixels = NULL;
        size_t pixel_bytes = 0;
        struct records records = {NULL, 0, 0, 0};
        if (load() != 0) {
            reply.status = NJS_SVG_UNAVAILABLE;
            set_message(&reply, load_error);
        } else if (request.kind == NJS_REQUEST_VERSION) {
            snprintf(reply.message, sizeof reply.message, "%u.%u.%u", *api.major, *api.minor, *api.micro);
        } else if (request.kind == NJS_REQUEST_MEASURE) {
            limit_memory(request.memory_bytes);
            reply.status = measure(document, request.document_length, &reply);
        } else if (request.kind == NJS_REQUEST_XML) {
            limit_memory(request.memory_bytes);
            if (load_xml() != 0) {
                reply.status = NJS_SVG_UNAVAILABLE;
                set_message(&reply, load_error);
            } else {
                reply.status = parse_xml(document, request.document_length, &records, &reply);
                reply.payload_length = reply.status == NJS_SVG_OK ? records.length : 0;
            }
        } else {
            limit_memory(request.memory_bytes);
            pixel_bytes = (size_t)request.width * (size_t)request.height * 4;
            pixels = calloc(pixel_bytes, 1);
            if (pixels == NULL) _exit(3);
            reply.status = draw(&request, document, names, pixels, &reply);
        }
        free(document);
        free(names);
        int failed = njs_write_all(fd, &reply, sizeof reply) != 0;
        if (!failed && reply.status == NJS_SVG_OK && pixels != NULL) failed = njs_write_all(fd, pixels, pixel_bytes) != 0;
        if (!failed && reply.status == NJS_SVG_OK && reply.payload_length > 0) failed = njs_write_all(fd, records.bytes, records.length) != 0;
        free(pixels);
        free(records.bytes);
        if (failed) _exit(0);
        alarm(0);
    }
}
