#define _GNU_SOURCE
// The caller's side: a pool of helper processes (svg_helper.c), one per request in flight, each
// started on first need and reused; a helper that runs over its time is killed, one that dies is
// replaced, and the caller gets a status either way.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "protocol.h"

/// The most helpers at once; more callers wait for one to be free.
#define MAX_HELPERS 16

/// A slot of the pool: empty (`pid` 0), idle, or busy with one caller's request. Slots never
/// move, so a caller's pointer stays good while it holds the slot.
struct helper {
    pid_t pid;
    int fd;
    int busy;
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_freed = PTHREAD_COND_INITIALIZER;
static struct helper pool[MAX_HELPERS];

int njs_write_all(int fd, const void *bytes, size_t length) {
    const uint8_t *cursor = bytes;
    while (length > 0) {
        ssize_t written = send(fd, cursor, length, MSG_NOSIGNAL);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return -1;
        cursor += written;
        length -= (size_t)written;
    }
    return 0;
}

int njs_read_all(int fd, void *bytes, size_t length) {
    uint8_t *cursor = bytes;
    while (length > 0) {
        ssize_t got = read(fd, cursor, length);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        cursor += got;
        length -= (size_t)got;
    }
    return 0;
}

static void copy_message(const char *text, char *message, size_t capacity) {
    if (capacity == 0) return;
    snprintf(message, capacity, "%s", text != NULL ? text : "");
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

/// Starts a helper in the empty slot `helper` (the pool lock held); 0, or -1 with errno's text.
///
/// The helper is this process's own executable, executed afresh (see NJS_HELPER_MARKER): it
/// shares no memory with this process (other inputs, an embedding host's secrets) and gets an
/// environment of its own, nothing of this one's. It keeps standard error (librsvg's warnings)
/// and its socket, reads and writes /dev/null for the rest, and holds no other file of this
/// process open: a pipe another thread is reading must see its end when that thread's writer
/// closes it.
static int spawn(struct helper *helper, char *message, size_t capacity) {
    int sockets[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) {
        copy_message(strerror(errno), message, capacity);
        return -1;
    }
    char executable[4096];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) {
        int error = errno;
        close(sockets[0]);
        close(sockets[1]);
        snprintf(message, capacity, "cannot find this program's executable to start a helper: %s", strerror(error));
        return -1;
    }
    executable[length] = 0;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, sockets[1], NJS_HELPER_FD);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclosefrom_np(&actions, NJS_HELPER_FD + 1);
    char *arguments[] = {"ninepipe-svg-helper", NJS_HELPER_MARKER, NULL};
    // No Swift backtrace when librsvg aborts (out of its memory bound): the caller reports it.
    char *environment[] = {"PATH=/usr/bin:/bin", "LC_ALL=C.UTF-8", "SWIFT_BACKTRACE=enable=no", NULL};
    pid_t pid;
    int error = posix_spawn(&pid, executable, &actions, NULL, arguments, environment);
    posix_spawn_file_actions_destroy(&actions);
    close(sockets[1]);
    if (error != 0) {
        close(sockets[0]);
        snprintf(message, capacity, "cannot start a helper (%s): %s", executable, strerror(error));
        return -1;
    }
    helper->pid = pid;
    helper->fd = sockets[0];
    return 0;
}

/// A free helper (started if no idle one runs and a slot is empty), marked busy; NULL with the
/// reason in `message` when none can be started.
static struct helper *acquire(char *message, size_t capacity) {
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        struct helper *empty = NULL;
        for (int i = 0; i < MAX_HELPERS; i++) {
            if (pool[i].pid > 0 && !pool[i].busy) {
                pool[i].busy = 1;
                pthread_mutex_unlock(&pool_lock);
                return &pool[i];
            }
            if (pool[i].pid == 0 && empty == NULL) empty = &pool[i];
        }
        if (empty != NULL) {
            struct helper *helper = spawn(empty, message, capacity) == 0 ? empty : NULL;
            if (helper != NULL) helper->busy = 1;
            pthread_mutex_unlock(&pool_lock);
            return helper;
        }
        pthread_cond_wait(&pool_freed, &pool_lock);
    }
}

/// Gives `helper` back; one that failed is killed (if it still runs), reaped, and its slot emptied.
/// Returns the helper's wait status (0 for a healthy one).
static int release(struct helper *helper, int healthy) {
    int status = 0;
    pthread_mutex_lock(&pool_lock);
    if (healthy) {
        helper->busy = 0;
    } else {
        kill(helper->pid, SIGKILL);
        close(helper->fd);
        while (waitpid(helper->pid, &status, 0) < 0 && errno == EINTR) {}
        helper->pid = 0;
        helper->fd = -1;
        helper->busy = 0;
    }
    pthread_cond_signal(&pool_freed);
    pthread_mutex_unlock(&pool_lock);
    return status;
}

/// Reads `length` bytes by `deadline`; 0, NJS_SVG_TIMEOUT, or NJS_SVG_DIED.
static int read_by(int fd, void *bytes, size_t length, double deadline) {
    uint8_t *cursor = bytes;
    while (length > 0) {
        double left = deadline - now();
        if (left <= 0) return NJS_SVG_TIMEOUT;
        struct pollfd wait = {fd, POLLIN, 0};
        int ready = poll(&wait, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) continue;
        ssize_t got = read(fd, cursor, length);
        if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (got <= 0) return NJS_SVG_DIED;
        cursor += got;
        length -= (size_t)got;
    }
    return 0;
}

/// Sends `request` with its payload to a helper and reads the reply (and `pixel_bytes` of
/// pixels into `pixels` when it succeeded, or, when `records` is given, the reply's payload of at
/// most `records_limit` bytes into a buffer it allocates) within `seconds`. A helper found dead
/// before it read the request (killed while idle) is replaced once.
static int exchange_records(
    struct njs_request *request, const uint8_t *document, const char *names, struct njs_reply *reply, uint8_t *pixels,
    size_t pixel_bytes, uint8_t **records, size_t records_limit, double seconds, char *message, size_t capacity) {
    double deadline = now() + seconds;
    request->seconds = seconds;
    for (int attempt = 0;; attempt++) {
        struct helper *helper = acquire(message, capacity);
        if (helper == NULL) return NJS_SVG_NO_PROCESS;
        if (njs_write_all(helper->fd, request, sizeof *request) != 0 || njs_write_all(helper->fd, document, request->document_length) != 0
            || njs_write_all(helper->fd, names, request->names_length) != 0) {
            release(helper, 0);
            if (attempt == 0) continue;
            copy_message("the drawing process could not be reached", message, capacity);
            return NJS_SVG_DIED;
        }
        int result = read_by(helper->fd, reply, sizeof *reply, deadline);
        if (result == 0 && reply->status == NJS_SVG_OK && pixel_bytes > 0) result = read_by(helper->fd, pixels, pixel_bytes, deadline);
        if (result == 0 && reply->status == NJS_SVG_OK && records != NULL) {
            if (reply->payload_length > records_limit || (*records = malloc(reply->payload_length + 1)) == NULL) {
                release(helper, 0);
                copy_message("the parsed document is larger than allowed", message, capacity);
                return NJS_SVG_INVALID;
            }
            result = read_by(helper->fd, *records, reply->payload_length, deadline);
            if (result != 0) {
                free(*records);
                *records = NULL;
            }
        }
        if (result == 0) {
            release(helper, 1);
            if (reply->status != NJS_SVG_OK && reply->status != 1) copy_message(reply->message, message, capacity);
            return reply->status;
        }
        int status = release(helper, 0);
        if (result == NJS_SVG_TIMEOUT) {
            copy_message("", message, capacity);
        } else {
            char text[160];
            snprintf(text, sizeof text, "the drawing process stopped (%s)",
                     WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL ? strsignal(WTERMSIG(status)) : "it ran out of memory or crashed");
            copy_message(text, message, capacity);
        }
        return result;
    }
}

static int exchange(
    struct njs_request *request, const uint8_t *document, const char *names, struct njs_reply *reply, uint8_t *pixels,
    size_t pixel_bytes, double seconds, char *message, size_t capacity) {
    return exchange_records(request, document, names, reply, pixels, pixel_bytes, NULL, 0, seconds, message, capacity);
}

int njs_xml_parse(
    const uint8_t *data, size_t length, double seconds, size_t memory_bytes, uint8_t **records, size_t *records_length, char *message,
    size_t capacity) {
    struct njs_request request;
    memset(&request, 0, sizeof request);
    request.kind = NJS_REQUEST_XML;
    request.document_length = length;
    request.memory_bytes = memory_bytes;
    struct njs_reply reply;
    *records = NULL;
    *records_length = 0;
    size_t limit = NJS_XML_RECORDS_LIMIT;
    int status = exchange_records(&request, data, NULL, &reply, NULL, 0, records, limit, seconds, message, capacity);
    if (status == NJS_SVG_OK) *records_length = reply.payload_length;
    return status;
}

int njs_svg_version(double seconds, char *message, size_t capacity) {
    struct njs_request request;
    memset(&request, 0, sizeof request);
    request.kind = NJS_REQUEST_VERSION;
    struct njs_reply reply;
    int status = exchange(&request, NULL, NULL, &reply, NULL, 0, seconds, message, capacity);
    if (status == NJS_SVG_OK) copy_message(reply.message, message, capacity);
    return status;
}

int njs_svg_measure(
    const uint8_t *data, size_t length, double seconds, size_t memory_bytes, double *width, double *height, char *message,
    size_t capacity) {
    struct njs_request request;
    memset(&request, 0, sizeof request);
    request.kind = NJS_REQUEST_MEASURE;
    request.document_length = length;
    request.memory_bytes = memory_bytes;
    struct njs_reply reply;
    int status = exchange(&request, data, NULL, &reply, NULL, 0, seconds, message, capacity);
    if (status >= 0) {
        *width = reply.width;
        *height = reply.height;
    }
    return status;
}

int njs_svg_draw(
    const uint8_t *data, size_t length, double document_width, double document_height, double scale_x, double scale_y, int width,
    int height, uint8_t *pixels, const char *const *located, int located_count, double *boxes, int *found, double seconds,
    size_t memory_bytes, char *message, size_t capacity) {
    if (located_count > NJS_SVG_MAX_LOCATED) located_count = NJS_SVG_MAX_LOCATED;
    size_t names_length = 0;
    for (int i = 0; i < located_count; i++) names_length += strlen(located[i]) + 1;
    char *names = names_length > 0 ? malloc(names_length) : NULL;
    if (names_length > 0 && names == NULL) {
        copy_message("out of memory", message, capacity);
        return NJS_SVG_NO_PROCESS;
    }
    char *cursor = names;
    for (int i = 0; i < located_count; i++) {
        size_t size = strlen(located[i]) + 1;
        memcpy(cursor, located[i], size);
        cursor += size;
    }
    struct njs_request request = {
        .kind = NJS_REQUEST_DRAW, .width = width, .height = height, .located_count = located_count, .document_width = document_width,
        .document_height = document_height, .scale_x = scale_x, .scale_y = scale_y, .document_length = length,
        .names_length = names_length, .memory_bytes = memory_bytes};
    struct njs_reply reply;
    int status = exchange(&request, data, names, &reply, pixels, (size_t)width * (size_t)height * 4, seconds, message, capacity);
    free(names);
    if (status == NJS_SVG_OK) {
        for (int i = 0; i < located_count; i++) {
            found[i] = reply.found[i];
            for (int k = 0; k < 4; k++) boxes[i * 4 + k] = reply.boxes[i * 4 + k];
        }
    }
    return status;
}
