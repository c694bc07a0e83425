/*
 * fuzz_sql.h - what the checkpoint fuzz targets (fuzz_checkpoint.c,
 * fuzz_merge.c) share: a checkpoint file read whole, and the input's bytes
 * run as SQL on a file, statement by statement, so that one that fails
 * does not stop the rest.
 */
#ifndef NQ_FUZZ_SQL_H
#define NQ_FUZZ_SQL_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "fuzz.h"

/* The whole file at `path`, malloc'ed; *len its size. Aborts on any
 * error. */
static inline unsigned char *fuzz_read_file(const char *path, size_t *len)
{
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0)
        abort();
    unsigned char *data = malloc((size_t)st.st_size + 1);
    if (data == NULL)
        abort();
    size_t done = 0;
    while (done < (size_t)st.st_size) {
        ssize_t n = read(fd, data + done, (size_t)st.st_size - done);
        if (n <= 0)
            abort();
        done += (size_t)n;
    }
    close(fd);
    *len = done;
    return data;
}

/* Runs data[0 .. size) as SQL on the SQLite file at `path` (no fsync: the
 * file is thrown away); a statement that does not parse is skipped up to
 * its next ';'. Aborts only when the file cannot be opened. */
static inline void fuzz_run_sql(const char *path, const uint8_t *data,
                                size_t size)
{
    sqlite3 *db = NULL;
    if (sqlite3_open(path, &db) != SQLITE_OK)
        abort();
    char *sql = fuzz_strndup(data, size);
    sqlite3_exec(db, "PRAGMA synchronous=OFF", NULL, NULL, NULL);
    const char *tail = sql;
    while (*tail != '\0') {
        sqlite3_stmt *st = NULL;
        const char *next = NULL;
        if (sqlite3_prepare_v2(db, tail, -1, &st, &next) != SQLITE_OK ||
            next == tail) {
            sqlite3_finalize(st);
            const char *semi = strchr(tail, ';');
            if (semi == NULL)
                break;
            tail = semi + 1;
            continue;
        }
        for (int steps = 0; steps < 1000 && sqlite3_step(st) == SQLITE_ROW;
             steps++) {
        }
        sqlite3_finalize(st);
        tail = next;
    }
    free(sql);
    sqlite3_close(db);
}

#endif /* NQ_FUZZ_SQL_H */
