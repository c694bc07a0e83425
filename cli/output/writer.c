/*
 * writer.c - buffered output that remembers its first error and never
 * leaves a partial file behind under the final name.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sync_file_range */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/interrupt.h"
#include "common/messages.h"
#include "output/replace.h"
#include "output/writer.h"

#define WRITER_CAPACITY ((size_t)256 * 1024)

/* The longest pending bytes wait for writer_record_end() (seconds). */
#define WRITER_LATENCY 0.1

/* A named file may be written around the page cache (O_DIRECT) where the
 * file system allows it (writer_direct()): the file is fsync'ed before it
 * is renamed anyway, and copying a big stream into the cache first (then
 * writing it back) costs up to a second of CPU for the 576 MB of `solve
 * 16`, the direct writes a tenth of that. But a direct write returns only
 * once on the disk: it pays where other threads compute meanwhile. Direct
 * writes take whole, aligned blocks from an aligned buffer: the last
 * partial block goes out the usual way at the close. */
#define WRITER_DIRECT_CAPACITY ((size_t)1024 * 1024)
#define WRITER_DIRECT_ALIGN ((size_t)4096)

/* A file is committed with fsync, which waits until every byte is on the
 * disk. Left alone, the kernel starts writing a fast stream out only
 * when the run ends, and the fsync then waits for all of it (a second
 * for the 576 MB of `solve 16`); asking for the write-back of each
 * WRITER_HANDOVER bytes as they are written lets the disk work while the
 * stream is computed. */
#define WRITER_HANDOVER ((uint64_t)8 << 20)

/* The clock of the latency rule, read at every record end: the coarse one
 * where there is one, a few nanoseconds a read to a few milliseconds'
 * grain, against a tenth of a second. Looking only every so many records
 * instead held a slow stream's records until that many had come (a
 * solution every second: a minute). */
static double writer_now(void)
{
#ifdef CLOCK_MONOTONIC_COARSE
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) == 0)
        return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
    return cli_monotonic_seconds();
}

/* Starts the disk write of what was written since the last call, once
 * there is enough of it (only for a file that will be fsync'ed). */
static void writer_hand_over(struct writer *w)
{
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
    if (w->tmp_path == NULL || w->direct ||
        w->written - w->handed_over < WRITER_HANDOVER)
        return;
    /* Advice only: a failure here shows again, if it matters, at fsync. */
    (void)sync_file_range(w->fd, (off_t)w->handed_over,
                          (off_t)(w->written - w->handed_over),
                          SYNC_FILE_RANGE_WRITE);
    w->handed_over = w->written;
#else
    (void)w;
#endif
}

void writer_direct(struct writer *w)
{
#if defined(__linux__) && defined(O_DIRECT)
    if (w->tmp_path == NULL || w->direct || w->len != 0 || w->written != 0)
        return;
    void *aligned = NULL;
    if (posix_memalign(&aligned, WRITER_DIRECT_ALIGN, WRITER_DIRECT_CAPACITY) !=
        0)
        return;
    int flags = fcntl(w->fd, F_GETFL);
    if (flags < 0 || fcntl(w->fd, F_SETFL, flags | O_DIRECT) != 0) {
        free(aligned);
        return;
    }
    free(w->buf);
    w->buf = aligned;
    w->cap = WRITER_DIRECT_CAPACITY;
    w->direct = true;
#else
    (void)w;
#endif
}

/* Back to writes through the page cache (at the end, or when a direct
 * write is refused). */
static void writer_end_direct(struct writer *w)
{
#if defined(__linux__) && defined(O_DIRECT)
    if (!w->direct)
        return;
    w->direct = false;
    int flags = fcntl(w->fd, F_GETFL);
    if (flags < 0 || fcntl(w->fd, F_SETFL, flags & ~O_DIRECT) != 0)
        w->err = w->err ? w->err : errno;
#else
    (void)w;
#endif
}

int writer_open(struct writer *w, const char *path)
{
    memset(w, 0, sizeof *w);
    w->fd = STDOUT_FILENO;
    w->flushed_at = writer_now();
    w->cap = WRITER_CAPACITY;
    w->buf = malloc(w->cap);
    if (w->buf == NULL)
        return cli_error("out of memory");
    if (path == NULL || strcmp(path, "-") == 0)
        return 0;

    size_t len = strlen(path);
    w->path = malloc(len + 1);
    if (w->path == NULL) {
        writer_close(w, false);
        return cli_error("out of memory");
    }
    memcpy(w->path, path, len + 1);
    w->fd = -1; /* from here on the output is the named file */

    /* A device or a pipe (/dev/null, /dev/stdout, a FIFO) is written as it
     * is: renaming a temporary file over it would replace the device. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) {
            writer_close(w, false);
            return cli_error("cannot write '%s': it is a directory", path);
        }
        w->fd = open(path, O_WRONLY);
        if (w->fd < 0) {
            int e = errno;
            writer_close(w, false);
            return cli_error("cannot write '%s': %s", path, strerror(e));
        }
        return 0;
    }

    /* A symbolic link is written through to its target, so the temporary
     * file is made and renamed in the target's folder. */
    struct replace_target target;
    if (replace_target_find(&target, path, false) != 0) {
        writer_close(w, false);
        return EXIT_USAGE;
    }
    w->target = target.path; /* the writer owns the name from here on */

    size_t target_len = strlen(w->target);
    w->tmp_path = malloc(target_len + 16);
    if (w->tmp_path == NULL) {
        writer_close(w, false);
        return cli_error("out of memory");
    }
    snprintf(w->tmp_path, target_len + 16, "%s.tmp-XXXXXX", w->target);
    w->fd = cleanup_mkstemp(w->tmp_path);
    if (w->fd < 0) {
        int e = errno;
        free(w->tmp_path);
        w->tmp_path = NULL;
        writer_close(w, false);
        return cli_error("cannot write '%s': %s", path, strerror(e));
    }
    replace_target_keep_mode(&target, w->fd);
    return 0;
}

void writer_flush(struct writer *w)
{
    /* Direct writes take whole blocks; the rest waits for more bytes or
     * for the close. */
    size_t end = w->direct ? w->len & ~(WRITER_DIRECT_ALIGN - 1) : w->len;
    size_t done = 0;
    while (done < end && w->err == 0) {
        ssize_t wrote = write(w->fd, w->buf + done, end - done);
        if (wrote < 0 && errno == EINVAL && w->direct) {
            writer_end_direct(w); /* not here after all: the usual way */
            end = w->len;
        } else if (wrote < 0) {
            if (errno != EINTR)
                w->err = errno;
        } else {
            done += (size_t)wrote;
            w->written += (uint64_t)wrote;
            if (w->direct && (wrote & (WRITER_DIRECT_ALIGN - 1)) != 0 &&
                done < end)
                writer_end_direct(w); /* a short write left it unaligned */
        }
    }
    w->flushed_at = writer_now();
    w->record_end = w->record_end > done ? w->record_end - done : 0;
    if (w->err != 0 || done == w->len) {
        w->len = 0;
        w->record_end = 0;
    } else {
        memmove(w->buf, w->buf + done, w->len - done);
        w->len -= done;
    }
    writer_hand_over(w);
}

void writer_record_end(struct writer *w)
{
    w->record_end = w->len;
    if (w->len != 0 && writer_now() - w->flushed_at >= WRITER_LATENCY)
        writer_flush(w);
}

/* Writes data[0..len-1] straight to the descriptor (the buffer is empty). */
static void write_through(struct writer *w, const char *data, size_t len)
{
    size_t done = 0;
    while (done < len && w->err == 0) {
        ssize_t wrote = write(w->fd, data + done, len - done);
        if (wrote < 0) {
            if (errno != EINTR)
                w->err = errno;
        } else {
            done += (size_t)wrote;
            w->written += (uint64_t)wrote;
        }
    }
    writer_hand_over(w);
}

void writer_put(struct writer *w, const char *data, size_t len)
{
    /* A big piece (a run of solutions' text) is not copied into the
     * buffer first; direct writes need their aligned buffer. */
    if (!w->direct && len >= w->cap / 2 && w->err == 0) {
        writer_flush(w);
        write_through(w, data, len);
        return;
    }
    while (len > 0 && w->err == 0) {
        if (w->len == w->cap)
            writer_flush(w);
        if (w->len == w->cap)
            break; /* nothing could be written: err is set */
        size_t room = w->cap - w->len;
        size_t chunk = len < room ? len : room;
        memcpy(w->buf + w->len, data, chunk);
        w->len += chunk;
        data += chunk;
        len -= chunk;
    }
}

void writer_puts(struct writer *w, const char *text)
{
    writer_put(w, text, strlen(text));
}

void writer_putc(struct writer *w, char c)
{
    if (w->len == w->cap)
        writer_flush(w);
    if (w->err == 0)
        w->buf[w->len++] = c;
}

void writer_printf(struct writer *w, const char *fmt, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (len < 0) {
        w->err = w->err ? w->err : EINVAL;
        return;
    }
    if ((size_t)len < sizeof small) {
        writer_put(w, small, (size_t)len);
        return;
    }
    char *big = malloc((size_t)len + 1);
    if (big == NULL) {
        w->err = w->err ? w->err : ENOMEM;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)len + 1, fmt, ap);
    va_end(ap);
    writer_put(w, big, (size_t)len);
    free(big);
}

void writer_put_u64(struct writer *w, uint64_t value)
{
    char digits[20];
    int i = (int)sizeof digits;
    do {
        digits[--i] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    writer_put(w, digits + i, sizeof digits - (size_t)i);
}

int writer_close(struct writer *w, bool commit)
{
    int status = 0;
    if (w->buf != NULL && !commit && w->tmp_path == NULL && w->fd >= 0) {
        /* A stream that stopped: what was written so far ends on a whole
         * record, for the program that reads it. */
        w->len = w->record_end;
        writer_flush(w);
    }
    if (w->buf != NULL && commit) {
        writer_flush(w);
        writer_end_direct(w); /* the last partial block */
        writer_flush(w);
    }
    if (w->tmp_path != NULL) {
        if (commit && w->err == 0 && fsync(w->fd) != 0)
            w->err = errno;
        if (close(w->fd) != 0 && w->err == 0)
            w->err = errno;
        if (commit && w->err == 0 && rename(w->tmp_path, w->target) != 0)
            w->err = errno;
        if (!commit || w->err != 0)
            unlink(w->tmp_path);
    } else if (w->path != NULL && w->fd >= 0) {
        if (close(w->fd) != 0 && w->err == 0)
            w->err = errno;
    }
    if (commit && w->err != 0) {
        status = cli_error(
            "cannot write %s%s%s: %s", w->path ? "'" : "standard output",
            w->path ? w->path : "", w->path ? "'" : "", strerror(w->err));
    }
    /* Only now: a signal before this point still removes the file. */
    cleanup_disarm();
    free(w->buf);
    free(w->path);
    free(w->target);
    free(w->tmp_path);
    memset(w, 0, sizeof *w);
    w->fd = -1;
    return status;
}
