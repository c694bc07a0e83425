/*
 * census_file.c - the census of the join's tops in a file of its own
 * (census_file.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/messages.h"
#include "common/parse.h"
#include "count/census_file.h"
#include "output/replace.h"

const struct opt_def count_opt_census = {
    .name = "census",
    .kind = OPTK_STRING,
    .value_name = "FILE",
    .help = "the census of the join's tops, shared by the parts\n"
            "of one count: read from FILE, or walked and written\n"
            "there where FILE does not exist (with --checkpoint)",
    .want = "a file name"};

static const char census_magic[16] = "nqueens census\n";

/* The header: magic, n, 4 bytes 0, the entries' number, the check. */
#define CENSUS_HEADER 40

/* FNV-1a, 64 bits, over `len` more bytes. */
static uint64_t fnv1a(uint64_t h, const unsigned char *p, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The entries as the file keeps them: little-endian, 4 bytes each. */
static void entries_to_le(unsigned char *out, const uint32_t *census,
                          uint64_t len)
{
    for (uint64_t i = 0; i < len; i++)
        put_le(out + 4 * i, census[i], 4);
}

/* The check value of n, len and the entries' bytes. */
static uint64_t census_check(int n, uint64_t len, const unsigned char *entries)
{
    unsigned char head[12];
    put_le(head, (uint64_t)n, 4);
    put_le(head + 4, len, 8);
    uint64_t h = fnv1a(0xcbf29ce484222325ULL, head, sizeof head);
    return fnv1a(h, entries, (size_t)len * 4);
}

/* "nqueens: error: census 'FILE' ...", the exit status. */
static int census_error(const char *path, const char *what)
{
    char name[256];
    cli_quote(path, name, sizeof name);
    return cli_error("census '%s' %s", name, what);
}

int census_file_read(const char *path, int n, uint32_t **census, uint64_t *len)
{
    *census = NULL;
    *len = 0;
    /* A FIFO or a device would block the read or never end: a census is a
     * file that this tool wrote. */
    struct stat path_st;
    if (stat(path, &path_st) == 0 && !S_ISREG(path_st.st_mode))
        return census_error(path, "is not a regular file");
    FILE *f = fopen(path, "rb");
    if (f == NULL && errno == ENOENT)
        return 1;
    if (f == NULL)
        return census_error(path, strerror(errno));
    unsigned char head[CENSUS_HEADER];
    unsigned char *bytes = NULL;
    struct stat st;
    int status = 0;
    if (fstat(fileno(f), &st) != 0 ||
        fread(head, 1, sizeof head, f) != sizeof head ||
        memcmp(head, census_magic, sizeof census_magic) != 0 ||
        get_le(head + 20, 4) != 0) {
        status = census_error(path, "is not a census of nqueens");
        goto out;
    }
    uint64_t file_n = get_le(head + 16, 4), entries = get_le(head + 24, 8);
    if (file_n != (uint64_t)n) {
        char what[80];
        snprintf(what, sizeof what, "is the census of N = %llu, not of %d",
                 (unsigned long long)file_n, n);
        status = census_error(path, what);
        goto out;
    }
    if (entries == 0 || st.st_size < CENSUS_HEADER ||
        (uint64_t)(st.st_size - CENSUS_HEADER) / 4 != entries ||
        (uint64_t)(st.st_size - CENSUS_HEADER) % 4 != 0) {
        status = census_error(path, "is cut short or too long (damaged)");
        goto out;
    }
    bytes = malloc((size_t)entries * 4);
    *census = malloc((size_t)entries * sizeof **census);
    if (bytes == NULL || *census == NULL) {
        status = cli_error("out of memory");
        goto out;
    }
    if (fread(bytes, 4, (size_t)entries, f) != entries ||
        census_check(n, entries, bytes) != get_le(head + 32, 8)) {
        status = census_error(path, "is damaged (its check value does "
                                    "not match its counts)");
        goto out;
    }
    for (uint64_t i = 0; i < entries; i++)
        (*census)[i] = (uint32_t)get_le(bytes + 4 * i, 4);
    *len = entries;
out:
    fclose(f);
    free(bytes);
    if (status != 0) {
        free(*census);
        *census = NULL;
    }
    return status;
}

int census_file_write(const char *path, int n, const uint32_t *census,
                      uint64_t len)
{
    /* Made beside the file it replaces (a link's target) and renamed over
     * it; a device or a pipe is not replaced. */
    struct replace_target target;
    if (replace_target_find(&target, path, true) != 0)
        return EXIT_USAGE;
    size_t name_len = strlen(target.path) + 32;
    char *tmp = malloc(name_len);
    unsigned char *bytes = malloc((size_t)len * 4 + 1);
    if (tmp == NULL || bytes == NULL) {
        free(tmp);
        free(bytes);
        replace_target_free(&target);
        return cli_error("out of memory");
    }
    snprintf(tmp, name_len, "%s.writing-%ld", target.path, (long)getpid());
    entries_to_le(bytes, census, len);
    unsigned char head[CENSUS_HEADER] = {0};
    memcpy(head, census_magic, sizeof census_magic);
    put_le(head + 16, (uint64_t)n, 4);
    put_le(head + 24, len, 8);
    put_le(head + 32, census_check(n, len, bytes), 8);
    FILE *f = fopen(tmp, "wb");
    if (f != NULL)
        replace_target_keep_mode(&target, fileno(f));
    bool written = f != NULL &&
                   fwrite(head, 1, sizeof head, f) == sizeof head &&
                   fwrite(bytes, 4, (size_t)len, f) == len && fflush(f) == 0 &&
                   fsync(fileno(f)) == 0;
    int err = errno;
    if (f != NULL && fclose(f) != 0 && written) {
        written = false;
        err = errno;
    }
    if (written && rename(tmp, target.path) != 0) {
        written = false;
        err = errno;
    }
    if (!written)
        unlink(tmp);
    free(tmp);
    free(bytes);
    replace_target_free(&target);
    if (written)
        return 0;
    char what[160];
    snprintf(what, sizeof what, "cannot be written: %s", strerror(err));
    return census_error(path, what);
}

int census_file_mismatch(const char *path, int n)
{
    char what[160];
    snprintf(what, sizeof what,
             "does not match the tops of N = %d, so nothing was counted "
             "from it (delete it; the next count with --census writes "
             "it anew)",
             n);
    return census_error(path, what);
}
