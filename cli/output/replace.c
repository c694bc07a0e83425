/*
 * replace.c - the file that a command replaces whole, found and checked
 * once for every writer that renames a new file over an old one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/messages.h"
#include "output/replace.h"

/* Links deeper than this are a loop, as the kernel counts them. */
#define REPLACE_MAX_HOPS 40

/* Joins the text of a link (`target`, relative or not) to the folder of
 * the link at `link_path`. */
static char *join_link(const char *link_path, const char *target)
{
    const char *slash = strrchr(link_path, '/');
    size_t dir_len =
        target[0] == '/' || slash == NULL ? 0 : (size_t)(slash - link_path) + 1;
    size_t target_len = strlen(target);
    char *joined = malloc(dir_len + target_len + 1);
    if (joined == NULL)
        return NULL;
    memcpy(joined, link_path, dir_len);
    memcpy(joined + dir_len, target, target_len + 1);
    return joined;
}

/* path, or the file at the end of its chain of symbolic links. Returns a
 * malloc'ed name, or NULL with errno set (ELOOP for a loop). */
static char *resolve(const char *path)
{
    size_t len = strlen(path);
    char *name = malloc(len + 1);
    if (name == NULL)
        return NULL;
    memcpy(name, path, len + 1);
    for (int hops = 0; hops < REPLACE_MAX_HOPS; hops++) {
        struct stat st;
        if (lstat(name, &st) != 0 || !S_ISLNK(st.st_mode))
            return name;
        char text[4096];
        ssize_t got = readlink(name, text, sizeof text - 1);
        if (got < 0) {
            int e = errno;
            free(name);
            errno = e;
            return NULL;
        }
        text[got] = '\0';
        char *next = join_link(name, text);
        free(name);
        if (next == NULL)
            return NULL;
        name = next;
    }
    free(name);
    errno = ELOOP;
    return NULL;
}

int replace_target_find(struct replace_target *t, const char *path,
                        bool regular_only)
{
    memset(t, 0, sizeof *t);
    t->path = resolve(path);
    if (t->path == NULL) {
        int e = errno;
        return e == ENOMEM
                   ? cli_error("out of memory")
                   : cli_error("cannot write '%s': %s", path, strerror(e));
    }
    t->exists = stat(t->path, &t->st) == 0;
    const char *refusal = NULL;
    if (t->exists && S_ISDIR(t->st.st_mode))
        refusal = "it is a directory";
    else if (t->exists && regular_only && !S_ISREG(t->st.st_mode))
        refusal = "it is not a regular file (a device or a pipe), and "
                  "writing would replace it";
    if (refusal != NULL) {
        replace_target_free(t);
        return cli_error("cannot write '%s': %s", path, refusal);
    }
    /* An existing file the user may not write is refused, not replaced
     * (root may write any file, as with cp). */
    if (t->exists && access(t->path, W_OK) != 0) {
        int e = errno;
        replace_target_free(t);
        if (e == EACCES || e == EROFS || e == EPERM)
            return cli_error("cannot write '%s': it is read-only for you (%s)",
                             path, strerror(e));
        return cli_error("cannot write '%s': %s", path, strerror(e));
    }
    return 0;
}

void replace_target_keep_mode(const struct replace_target *t, int fd)
{
    if (t->exists) {
        (void)fchmod(fd, t->st.st_mode & 07777);
        if (fchown(fd, t->st.st_uid, t->st.st_gid) != 0)
            (void)fchmod(fd, t->st.st_mode & 0777);
    } else {
        mode_t mask = umask(0);
        umask(mask);
        (void)fchmod(fd, 0666 & ~mask);
    }
}

void replace_target_free(struct replace_target *t)
{
    free(t->path);
    memset(t, 0, sizeof *t);
}

bool replace_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return strcmp(a, b) == 0;
}
