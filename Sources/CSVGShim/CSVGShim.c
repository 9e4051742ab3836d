#include "CSVGShim.h"

#include <cairo.h>
#include <librsvg/rsvg.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/// Every use of librsvg and GLib in this process holds it, so a fork never happens while another
/// thread is inside them (their locks would stay taken in the child).
static pthread_mutex_t svg_lock = PTHREAD_MUTEX_INITIALIZER;

static void copy_message(const char *text, char *message, size_t capacity) {
    if (capacity == 0) return;
    strncpy(message, text != NULL ? text : "", capacity - 1);
    message[capacity - 1] = '\0';
}

/// Copies `error`'s message (or `fallback`) and frees `error`.
static int fail(GError *error, const char *fallback, char *message, size_t capacity) {
    copy_message(error != NULL && error->message != NULL ? error->message : fallback, message, capacity);
    if (error != NULL) g_error_free(error);
    return NJS_SVG_INVALID;
}

static RsvgHandle *open_document(const uint8_t *data, size_t length, char *message, size_t capacity) {
    GInputStream *stream = g_memory_input_stream_new_from_data(data, (gssize)length, NULL);
    GError *error = NULL;
    RsvgHandle *handle = rsvg_handle_new_from_stream_sync(stream, NULL, RSVG_HANDLE_FLAGS_NONE, NULL, &error);
    g_object_unref(stream);
    if (handle == NULL) {
        fail(error, "librsvg could not read the document", message, capacity);
        return NULL;
    }
    rsvg_handle_set_dpi(handle, 96);
    return handle;
}

int njs_svg_measure(const uint8_t *data, size_t length, double *width, double *height, char *message, size_t capacity) {
    pthread_mutex_lock(&svg_lock);
    RsvgHandle *handle = open_document(data, length, message, capacity);
    int result = NJS_SVG_INVALID;
    if (handle != NULL) {
        result = 1;
        if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) {
            gboolean has_width = FALSE, has_height = FALSE, has_viewbox = FALSE;
            RsvgLength w, h;
            RsvgRectangle viewbox;
            rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &w, &has_height, &h, &has_viewbox, &viewbox);
            *width = has_viewbox ? viewbox.width : 0;
            *height = has_viewbox ? viewbox.height : 0;
            result = has_viewbox ? 1 : 0;
        }
        g_object_unref(handle);
    }
    pthread_mutex_unlock(&svg_lock);
    return result;
}

/// Draws into `pixels` in this process (the child's half of njs_svg_draw).
static int draw(
    const uint8_t *data, size_t length, double document_width, double document_height, double scale_x, double scale_y, int width,
    int height, uint8_t *pixels, char *message, size_t capacity) {
    RsvgHandle *handle = open_document(data, length, message, capacity);
    if (handle == NULL) return NJS_SVG_INVALID;
    int stride = width * 4;
    if (cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width) != stride) {
        g_object_unref(handle);
        return fail(NULL, "cairo cannot make a surface of this width", message, capacity);
    }
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, stride);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale_x, scale_y);
    RsvgRectangle viewport = {0, 0, document_width, document_height};
    GError *error = NULL;
    gboolean drawn = rsvg_handle_render_document(handle, cr, &viewport, &error);
    cairo_status_t status = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    g_object_unref(handle);
    if (!drawn) return fail(error, "librsvg could not draw the document", message, capacity);
    if (status != CAIRO_STATUS_SUCCESS) return fail(NULL, cairo_status_to_string(status), message, capacity);
    // Cairo's ARGB32 is a native-endian 32-bit word per pixel, alpha in the high byte.
    uint32_t *words = (uint32_t *)pixels;
    size_t count = (size_t)width * (size_t)height;
    for (size_t i = 0; i < count; i++) {
        uint32_t word = words[i];
        pixels[i * 4 + 0] = (uint8_t)(word >> 16);
        pixels[i * 4 + 1] = (uint8_t)(word >> 8);
        pixels[i * 4 + 2] = (uint8_t)word;
        pixels[i * 4 + 3] = (uint8_t)(word >> 24);
    }
    return NJS_SVG_OK;
}

/// The child's data size in bytes now (from /proc/self/statm), or 0 when unknown.
static size_t data_size(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long size, resident, shared, text, library, data;
    int read = fscanf(file, "%lu %lu %lu %lu %lu %lu", &size, &resident, &shared, &text, &library, &data);
    fclose(file);
    return read == 6 ? (size_t)data * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

/// What the child writes back ahead of the pixels in the shared mapping.
struct child_report {
    int status;
    char message[512];
};

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

int njs_svg_draw(
    const uint8_t *data, size_t length, double document_width, double document_height, double scale_x, double scale_y, int width,
    int height, uint8_t *pixels, double seconds, size_t memory_bytes, char *message, size_t capacity) {
    size_t pixel_bytes = (size_t)width * (size_t)height * 4;
    size_t header = (sizeof(struct child_report) + 63) / 64 * 64;
    size_t mapped = header + pixel_bytes;
    void *shared = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        copy_message(strerror(errno), message, capacity);
        return NJS_SVG_NO_PROCESS;
    }
    struct child_report *report = (struct child_report *)shared;
    report->status = NJS_SVG_DIED;
    report->message[0] = '\0';
    uint8_t *drawing = (uint8_t *)shared + header;

    pthread_mutex_lock(&svg_lock);
    pid_t child = fork();
    if (child == 0) {
        // The child: only C from here on, then _exit (no atexit handlers, no Swift runtime).
        size_t start = data_size();
        if (start > 0 && memory_bytes > 0) {
            struct rlimit limit = {start + memory_bytes, start + memory_bytes};
            setrlimit(RLIMIT_DATA, &limit);
        }
        report->status = draw(
            data, length, document_width, document_height, scale_x, scale_y, width, height, drawing, report->message, sizeof report->message);
        _exit(0);
    }
    int fork_error = errno;
    pthread_mutex_unlock(&svg_lock);
    if (child < 0) {
        munmap(shared, mapped);
        copy_message(strerror(fork_error), message, capacity);
        return NJS_SVG_NO_PROCESS;
    }

    double deadline = now() + seconds;
    long pause = 50000;  // nanoseconds, doubled up to 2 ms
    int status = 0;
    int result;
    for (;;) {
        pid_t done = waitpid(child, &status, WNOHANG);
        if (done == child) {
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
                result = report->status;
                if (result == NJS_SVG_OK) {
                    memcpy(pixels, drawing, pixel_bytes);
                } else if (result == NJS_SVG_DIED) {
                    copy_message("the drawing process ended without a result", message, capacity);
                } else {
                    copy_message(report->message, message, capacity);
                }
            } else {
                char text[128];
                snprintf(text, sizeof text, "the drawing process stopped (%s)",
                         WIFSIGNALED(status) ? strsignal(WTERMSIG(status)) : "exit status not 0");
                copy_message(text, message, capacity);
                result = NJS_SVG_DIED;
            }
            break;
        }
        if (done < 0 && errno != EINTR) {
            copy_message(strerror(errno), message, capacity);
            result = NJS_SVG_NO_PROCESS;
            break;
        }
        if (now() >= deadline) {
            kill(child, SIGKILL);
            while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
            copy_message("", message, capacity);
            result = NJS_SVG_TIMEOUT;
            break;
        }
        struct timespec wait = {0, pause};
        nanosleep(&wait, NULL);
        if (pause < 2000000) pause *= 2;
    }
    munmap(shared, mapped);
    return result;
}

const char *njs_svg_version(void) { return LIBRSVG_VERSION; }
