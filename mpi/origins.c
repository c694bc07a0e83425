/*
 * origins.c - where each rank counts, for the provenance of the units it
 * counts: rank 0 records every unit in the checkpoint, and a unit counted
 * by another rank names that rank's host and library version, not rank
 * 0's, so that a wrong unit can be traced to its machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "mpi_count.h"

/* Copies `from` into to[0..size), cut to fit. */
static void copy_cut(char *to, size_t size, const char *from)
{
    size_t len = strnlen(from, size - 1);
    memcpy(to, from, len);
    to[len] = '\0';
}

/* Spaces and control characters made one word, as `nqueens count`
 * requires of NQUEENS_HOST (a rank cannot refuse alone: the job would
 * wait for it). */
static void make_word(char *s)
{
    for (unsigned char *c = (unsigned char *)s; *c; c++)
        if (*c <= ' ' || *c == 0x7f)
            *c = '_';
}

/* This rank's origin: NQUEENS_HOST where it is set (as `nqueens count`
 * reads it), else the machine's name, cut to fit and made one word. */
static void own_origin(struct mpi_origin *o)
{
    memset(o, 0, sizeof *o);
    const char *host = getenv("NQUEENS_HOST");
    struct utsname u;
    if (host == NULL || *host == '\0')
        host = uname(&u) == 0 && u.nodename[0] != '\0' ? u.nodename : "unknown";
    copy_cut(o->host, sizeof o->host, host);
    make_word(o->host);
    copy_cut(o->version, sizeof o->version, nq_version());
}

struct mpi_origin *mpi_gather_origins(int rank, int ranks)
{
    struct mpi_origin mine;
    own_origin(&mine);
    struct mpi_origin *all = NULL;
    if (rank == 0) {
        all = calloc((size_t)ranks, sizeof *all);
        if (all == NULL) { /* a few hundred bytes a rank */
            fprintf(stderr, "nqueens-mpi: error: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Gather(&mine, (int)sizeof mine, MPI_CHAR, all, (int)sizeof mine,
               MPI_CHAR, 0, MPI_COMM_WORLD);
    return all;
}
