/*
 * fuzz_census.c - the census file of `count --census`
 * (cli/count/census_file.c): a file that another machine wrote, perhaps
 * cut short or damaged. The input is the file's bytes, read as a census
 * of N = 8 (the corpus also holds one of N = 9). What must hold:
 *  - the reader answers 0 (read) or 2 (refused, said on stderr), never 1
 *    (no such file): the file is there;
 *  - it reads exactly the well-formed censuses of N = 8, told apart here
 *    independently: the 16 bytes "nqueens census\n\0", n = 8, a zero
 *    word, at least one entry, a size of 40 bytes and 4 an entry, and
 *    the FNV-1a value of n, the entries' number and the entries;
 *  - what it reads is the input's entries, and written back it is the
 *    input byte for byte.
 */
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "count/census_file.h"
#include "fuzz.h"

#define CENSUS_N 8

static char scratch_dir[] = "/tmp/nq-fuzz-census-XXXXXX";
static char paths[2][sizeof scratch_dir + 16]; /* the input, written back */

static void cleanup(void)
{
    for (int i = 0; i < 2; i++)
        unlink(paths[i]);
    rmdir(scratch_dir);
}

static void write_file(const char *path, const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL || (len > 0 && fwrite(data, 1, len, f) != len) ||
        fclose(f) != 0)
        abort();
}

static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0)
        abort();
    long size = ftell(f);
    uint8_t *data = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (data == NULL || fseek(f, 0, SEEK_SET) != 0 ||
        fread(data, 1, (size_t)size, f) != (size_t)size)
        abort();
    fclose(f);
    *len = (size_t)size;
    return data;
}

static uint64_t le(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* Whether the input is a well-formed census of N = CENSUS_N. */
static bool well_formed(const uint8_t *data, size_t size)
{
    static const uint8_t magic[16] = "nqueens census\n";
    if (size < 44 || (size - 40) % 4 != 0 || memcmp(data, magic, 16) != 0 ||
        le(data + 16, 4) != CENSUS_N || le(data + 20, 4) != 0 ||
        le(data + 24, 8) != (size - 40) / 4)
        return false;
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 16; i < size; i++) {
        if (i >= 20 && i < 24)
            continue; /* the zero word */
        if (i >= 32 && i < 40)
            continue; /* the check value itself */
        h = (h ^ data[i]) * 1099511628211ULL;
    }
    return h == le(data + 32, 8);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (paths[0][0] == '\0') {
        if (mkdtemp(scratch_dir) == NULL)
            abort();
        snprintf(paths[0], sizeof paths[0], "%s/in.bin", scratch_dir);
        snprintf(paths[1], sizeof paths[1], "%s/out.bin", scratch_dir);
        atexit(cleanup);
    }
    write_file(paths[0], data, size);
    uint32_t *census = NULL;
    uint64_t len = 0;
    int status = census_file_read(paths[0], CENSUS_N, &census, &len);
    FUZZ_CHECK(status == 0 || status == 2);
    FUZZ_CHECK((status == 0) == well_formed(data, size));
    if (status != 0) {
        FUZZ_CHECK(census == NULL);
        return 0;
    }
    FUZZ_CHECK(len == (size - 40) / 4);
    for (uint64_t i = 0; i < len; i++)
        FUZZ_CHECK(census[i] == le(data + 40 + 4 * i, 4));
    FUZZ_CHECK(census_file_write(paths[1], CENSUS_N, census, len) == 0);
    size_t back_len = 0;
    uint8_t *back = read_file(paths[1], &back_len);
    FUZZ_CHECK(back_len == size && memcmp(back, data, size) == 0);
    free(back);
    free(census);
    return 0;
}
