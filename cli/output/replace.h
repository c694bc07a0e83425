/*
 * replace.h - the file that a command replaces whole (cli/output/
 * replace.c): `-o FILE` of the solution writers, merge's `-o FILE` and
 * count's `--census FILE` make a new file beside it and rename it over it,
 * so they share one answer to "which file, and may it be replaced?".
 */
#ifndef NQ_CLI_REPLACE_H
#define NQ_CLI_REPLACE_H

#include <stdbool.h>
#include <sys/stat.h>

/* The file that writing `path` replaces. */
struct replace_target {
    char *path;     /* path itself, or the end of its chain of links */
    bool exists;    /* whether that file exists now */
    struct stat st; /* its stat, where it exists */
};

/* Finds the file that writing `path` replaces: path itself or, like an
 * editor or cp, the file at the end of its chain of symbolic links (which
 * need not exist yet; the link stays a link). Refuses, with a message
 * naming `path`, a directory, a file the user may not write and, with
 * `regular_only`, anything but a regular file (a device or a pipe, which
 * a rename would replace). Returns 0, or EXIT_USAGE with *t empty. */
int replace_target_find(struct replace_target *t, const char *path,
                        bool regular_only);

/* Gives the new file `fd` the mode (and, where allowed, the owner) of the
 * file it replaces, or the usual mode for a new file (0666 less the
 * umask): the temporary files are made private. */
void replace_target_keep_mode(const struct replace_target *t, int fd);

void replace_target_free(struct replace_target *t);

/* Whether `a` and `b` name one file: the same file where both exist (a
 * link, another spelling), else the same name. */
bool replace_same_file(const char *a, const char *b);

#endif /* NQ_CLI_REPLACE_H */
