/*
 * checkpoint_errors.c - the words for a checkpoint that is refused: whose
 * file it is, what is wrong with it and what to do, in one line. Shared by
 * `nqueens count`, `nqueens status` and nqueens-mpi.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/messages.h"
#include "common/parse.h"
#include "count/checkpoint_errors.h"
#include "nqueens.h"

int checkpoint_in_use(const char *path)
{
    char name[256];
    cli_quote(path, name, sizeof name);
    return cli_error("checkpoint '%s' is in use by another run (wait for "
                     "it to end or stop it; 'nqueens status' shows how "
                     "far it is)",
                     name);
}

/* A refused file never is trusted nor overwritten, so every message ends by
 * saying what a user can do instead. */
int checkpoint_error(const char *path, int err, int n, const char *signature,
                     uint64_t size)
{
    char name[256];
    cli_quote(path, name, sizeof name);
    struct stat st;
    switch (err) {
    case NQ_E_NOTCHECKPOINT: {
        const char *empty =
            stat(path, &st) == 0 && st.st_size == 0 ? " (it is empty)" : "";
        if (n == 0) /* status, merge, audit: the file is only read */
            return cli_error("'%s' is not an nqueens checkpoint%s", name,
                             empty);
        return cli_error("'%s' is not an nqueens checkpoint%s; refusing to "
                         "use or overwrite it (give another file name)",
                         name, empty);
    }
    case NQ_E_CORRUPT:
        return cli_error("checkpoint '%s' is damaged, so its counts cannot "
                         "be trusted (start again with a new file)",
                         name);
    case NQ_E_CHECKPOINT: {
        nq_checkpoint_info info;
        int rc = nq_checkpoint_read(path, &info);
        if (rc == NQ_E_CHECKPOINT)
            return cli_error("checkpoint '%s' has format %d; this nqueens "
                             "reads format %d (use a newer nqueens)",
                             name, info.format, NQ_CHECKPOINT_FORMAT);
        if (rc != NQ_OK)
            return checkpoint_error(path, rc, n, signature, size);
        if (info.n != n)
            return cli_error("checkpoint '%s' is for n = %d, not n = %d "
                             "(give another file name)",
                             name, info.n, n);
        /* The same plan, but a part's file (or a merge of parts) opened
         * for the whole count: say so rather than "another plan". */
        bool same = signature != NULL && info.size == size &&
                    strcmp(info.signature, signature) == 0;
        if (same && info.part > 0)
            return cli_error("checkpoint '%s' holds part %u/%u of the "
                             "count, not the whole count (`nqueens count %d "
                             "--part %u/%u` resumes it, or give another "
                             "file name)",
                             name, info.part, info.parts, n, info.part,
                             info.parts);
        if (same && info.parts > 0)
            return cli_error("checkpoint '%s' is a merge of %llu of %u "
                             "parts, which no count resumes (finish the "
                             "parts and merge them, or give another file "
                             "name)",
                             name, (unsigned long long)info.parts_held,
                             info.parts);
        return cli_error("checkpoint '%s' was made for another decomposition "
                         "('%s', %llu subproblems; this run: '%s', %llu) "
                         "(give another file name)",
                         name, info.signature, (unsigned long long)info.size,
                         signature ? signature : "?", (unsigned long long)size);
    }
    case NQ_E_BUSY:
        /* status, merge and audit do not take a run's lock: theirs is
         * SQLite's, which a run holds while it saves. */
        if (n == 0)
            return cli_error("checkpoint '%s' is busy: another process kept "
                             "it locked for over 10 seconds (try again)",
                             name);
        return checkpoint_in_use(path);
    case NQ_E_IO:
        if (stat(path, &st) != 0 && errno != ENOENT)
            return cli_error("cannot use checkpoint '%s': %s", name,
                             strerror(errno));
        if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
            return cli_error("checkpoint '%s' is not a regular file", name);
        if (stat(path, &st) != 0 && lstat(path, &st) == 0)
            return cli_error("checkpoint '%s' is a symbolic link to a file "
                             "that does not exist (give the file's own name)",
                             name);
        if (stat(path, &st) != 0 && n == 0)
            return cli_error("no checkpoint '%s': %s", name, strerror(errno));
        if (stat(path, &st) != 0)
            return cli_error("cannot create checkpoint '%s' (does its "
                             "directory exist and may it be written?)",
                             name);
        /* status, merge and audit only read; a count writes too. */
        if (access(path, n == 0 ? R_OK : R_OK | W_OK) != 0)
            return cli_error("cannot %s checkpoint '%s': %s",
                             n == 0 ? "read" : "read and write", name,
                             strerror(errno));
        return cli_error("cannot %s checkpoint '%s'",
                         n == 0 ? "read" : "read or write", name);
    default:
        return cli_error("checkpoint '%s': %s", name, nq_strerror(err));
    }
}
