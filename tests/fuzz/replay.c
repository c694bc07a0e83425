/*
 * replay.c - runs a fuzz target without libFuzzer: every file of the
 * folders (or files) named on the command line goes through
 * LLVMFuzzerTestOneInput once, in name order. CTest runs it over the seed
 * corpus and every crash input ever saved, so a finding fixed once stays
 * fixed, with any compiler and under any sanitizer.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Inputs larger than this are not inputs but mistakes in the corpus. */
#define REPLAY_MAX_INPUT ((size_t)16 * 1024 * 1024)

/* Runs one file through the target; returns 0, or -1 if it cannot be read. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096;
    size_t len = 0;
    uint8_t *data = malloc(cap);
    int rc = 0;
    for (;;) {
        if (data == NULL) {
            fprintf(stderr, "replay: out of memory reading %s\n", path);
            rc = -1;
            break;
        }
        len += fread(data + len, 1, cap - len, f);
        if (len < cap || cap >= REPLAY_MAX_INPUT)
            break;
        cap *= 2;
        uint8_t *bigger = realloc(data, cap);
        if (bigger == NULL)
            free(data);
        data = bigger;
    }
    if (rc == 0 && ferror(f)) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        rc = -1;
    }
    fclose(f);
    if (rc == 0) {
        /* An exact-size copy, so that a read past the end is caught. */
        uint8_t *exact = malloc(len > 0 ? len : 1);
        if (exact == NULL) {
            rc = -1;
        } else {
            memcpy(exact, data, len);
            LLVMFuzzerTestOneInput(exact, len);
            free(exact);
        }
    }
    free(data);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every visible file of `dir`; returns how many, or -1 on an error. */
static long replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "replay: cannot open %s: %s\n", dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t count = 0;
    size_t cap = 0;
    long rc = 0;
    struct dirent *entry;
    while (rc == 0 && (entry = readdir(d)) != NULL) {
        if (entry->d_name[0] == '.')
            continue; /* ".", "..", ".gitkeep" */
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            char **more = realloc(names, cap * sizeof *names);
            if (more == NULL) {
                rc = -1;
                break;
            }
            names = more;
        }
        size_t need = strlen(dir) + strlen(entry->d_name) + 2;
        names[count] = malloc(need);
        if (names[count] == NULL) {
            rc = -1;
            break;
        }
        snprintf(names[count], need, "%s/%s", dir, entry->d_name);
        count++;
    }
    closedir(d);
    if (count > 0)
        qsort(names, count, sizeof *names, by_name);
    long replayed = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (rc == 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(names[i]) != 0)
                rc = -1;
            else
                replayed++;
        }
        free(names[i]);
    }
    free(names);
    return rc < 0 ? -1 : replayed;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR|FILE...\n", argv[0]);
        return 2;
    }
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            return 1;
        }
        long done = S_ISDIR(st.st_mode) ? replay_dir(argv[i])
                                        : (replay_file(argv[i]) == 0 ? 1 : -1);
        if (done < 0)
            return 1;
        total += done;
    }
    if (total == 0) {
        fprintf(stderr, "replay: no inputs found\n");
        return 1;
    }
    printf("replay: %ld inputs, no finding\n", total);
    return 0;
}
