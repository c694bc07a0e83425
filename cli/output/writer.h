/*
 * writer.h - the tool's buffered output stream (cli/output/writer.c): errors
 * are remembered and reported once at the close, and a named file appears only
 * when it is complete.
 */
#ifndef NQ_CLI_WRITER_H
#define NQ_CLI_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/messages.h"

/* A buffered output stream with remembered errors. Writing to a named
 * file goes to a temporary file beside it that is renamed into place only
 * when the output is complete, so a killed run never leaves a truncated
 * file that looks whole. */
struct writer {
    int fd;               /* descriptor written to */
    char *buf;            /* pending bytes */
    size_t len;           /* bytes pending in buf */
    size_t record_end;    /* of those, the bytes up to the last record end */
    size_t cap;           /* size of buf */
    int err;              /* first errno seen, 0 if none */
    char *path;           /* the name given, NULL for standard output */
    char *target;         /* the file replaced: path, or a link's target */
    char *tmp_path;       /* the temporary file, NULL for standard output */
    uint64_t written;     /* bytes written to fd so far */
    uint64_t handed_over; /* bytes whose write-back to disk has begun */
    bool direct;          /* writes go around the page cache (O_DIRECT) */
    double flushed_at;    /* when the buffer last went out (monotonic s) */
};

/* Opens `path` (NULL or "-": standard output). Returns 0 or prints an
 * error and returns EXIT_USAGE. */
int writer_open(struct writer *w, const char *path);

/* Writes a named file around the page cache (O_DIRECT) from here on, if
 * its file system takes it: for a big output that other threads compute
 * while the writes wait on the disk. Only before the first byte; does
 * nothing for standard output or a device. */
void writer_direct(struct writer *w);

/* Appends bytes; errors are remembered and reported by writer_close. */
void writer_put(struct writer *w, const char *data, size_t len);
void writer_puts(struct writer *w, const char *text);
void writer_putc(struct writer *w, char c);
void writer_printf(struct writer *w, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Appends an unsigned number in decimal, without printf. */
void writer_put_u64(struct writer *w, uint64_t value);
void writer_flush(struct writer *w);

/* Says that a record (a solution, a board) ends here: what is pending goes
 * out when nothing has gone out for a tenth of a second, so that the first
 * lines of a slow stream show at once, while a fast one is still written
 * in big blocks. Cheap enough to call for every record. */
void writer_record_end(struct writer *w);

/* Flushes and closes. With `commit` a named file is renamed into place;
 * without it (an error or an interruption) the temporary file is removed,
 * and standard output (or a device) gets the pending bytes up to the last
 * record end only, so that a stopped stream ends on a whole record.
 * Returns 0, or prints the first write error and returns EXIT_USAGE. */
int writer_close(struct writer *w, bool commit);

#endif /* NQ_CLI_WRITER_H */
