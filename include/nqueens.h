/*
 * nqueens.h - the public interface of libnqueens, an n-queens toolkit.
 *
 * Conventions used throughout:
 *  - A placement of n queens is an array `cols` of n ints: cols[r] is the
 *    0-based column of the queen in row r (row 0 is the top row).
 *  - Every function returns 0 (NQ_OK) on success or a negative NQ_E_* code.
 *    nq_strerror() turns a code into words; the library never prints,
 *    never exits and keeps no global mutable state, so two threads may call
 *    it at once.
 *  - Callbacks come as (fn, user). A callback that returns non-zero stops
 *    the search, and the call then returns NQ_E_STOPPED.
 *
 * The declarations are ordered from simple to advanced.
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(NQ_BUILDING_LIBRARY) && defined(__GNUC__)
#define NQ_API __attribute__((visibility("default")))
#else
#define NQ_API
#endif

/* ------------------------------------------------------------------ */
/* Version and limits                                                  */
/* ------------------------------------------------------------------ */

#define NQ_VERSION_MAJOR 0
#define NQ_VERSION_MINOR 1
#define NQ_VERSION_PATCH 0
#define NQ_VERSION_STRING "0.1.0"

/*! The largest board the bitboard engines and the textbook algorithms take. */
#define NQ_MAX_N 64

/*! nq_version() : the library's version as "MAJOR.MINOR.PATCH". */
NQ_API const char *nq_version(void);

/* ------------------------------------------------------------------ */
/* Errors                                                              */
/* ------------------------------------------------------------------ */

/*
 * The one table of error codes: NQ_E_<name>, its value and its message.
 * nq_strerror() and nq_err_name() are generated from it.
 */
#define NQ_ERROR_TABLE(X)                                                      \
    X(INVAL, -1, "invalid argument")                                           \
    X(RANGE, -2, "board size out of range")                                    \
    X(NOMEM, -3, "out of memory")                                              \
    X(OVERFLOW, -4, "count does not fit in 64 bits")                           \
    X(STOPPED, -5, "stopped by the callback")                                  \
    X(IO, -6, "input or output error")                                         \
    X(PARSE, -7, "malformed input")                                            \
    X(NOSOLUTION, -8, "no solution exists")                                    \
    X(CONFLICT, -9, "queens attack each other")                                \
    X(CHECKPOINT, -10, "checkpoint does not match this run")                   \
    X(THREAD, -11, "could not start a thread")                                 \
    X(TIMEOUT, -12, "time limit reached")                                      \
    X(UNSUPPORTED, -13, "not supported for this board size")

typedef enum nq_error {
    NQ_OK = 0,
#define NQ_ERROR_ENUM_(name, value, text) NQ_E_##name = (value),
    NQ_ERROR_TABLE(NQ_ERROR_ENUM_)
#undef NQ_ERROR_ENUM_
} nq_error;

/*! nq_strerror() : a short lower-case message for `err` (0 or an NQ_E_*
 *  code). Unknown codes give "unknown error". Never returns NULL. */
NQ_API const char *nq_strerror(int err);

/*! nq_err_name() : the code's name, such as "NQ_E_RANGE". */
NQ_API const char *nq_err_name(int err);

/* ------------------------------------------------------------------ */
/* Solutions through a callback                                        */
/* ------------------------------------------------------------------ */

/*! A solution callback: `cols` holds n 0-based columns (one per row) and is
 *  valid only during the call. Return 0 to go on, non-zero to stop. */
typedef int (*nq_solution_fn)(const int *cols, int n, void *user);

/* ------------------------------------------------------------------ */
/* The textbook algorithms (the oracles)                               */
/* ------------------------------------------------------------------ */

/*! The three backtracking algorithms of the teaching texts. All place one
 *  queen per row, try columns in ascending order and so emit solutions in
 *  lexicographic order. They are slow on purpose: clear enough to be
 *  trusted as the oracle that every fast engine is tested against. */
typedef enum nq_classic_method {
    /* Recursive, with boolean arrays cols[n], diags1[2n-1] (row-col+n-1)
     * and diags2[2n-1] (row+col): O(1) safety test per square. */
    NQ_CLASSIC_ARRAYS = 0,
    /* Recursive, with isSafe(k, j) scanning every earlier row of the
     * 1-based solution vector q[1..n]. */
    NQ_CLASSIC_ISSAFE = 1,
    /* Iterative (no recursion): x[k]++ to try the next column, k++ to go
     * down a row and k-- to backtrack, with the same place(k) scan. */
    NQ_CLASSIC_ITERATIVE = 2
} nq_classic_method;

#define NQ_CLASSIC_METHOD_COUNT 3

/*! nq_classic_name() : a short name for `method` ("arrays", "issafe",
 *  "iterative"), or NULL for an unknown method. */
NQ_API const char *nq_classic_name(nq_classic_method method);

/*! nq_classic_solve() : runs the textbook `method` on an n x n board,
 *  calling `fn` (may be NULL) once per solution in lexicographic order.
 *  If `count` is not NULL it receives the number of solutions emitted.
 *  Returns 0 when the search ran to its end, NQ_E_STOPPED when `fn` stopped
 *  it (count then includes the solution that stopped it), NQ_E_RANGE unless
 *  1 <= n <= NQ_MAX_N, NQ_E_INVAL for an unknown method. */
NQ_API int nq_classic_solve(nq_classic_method method, int n, nq_solution_fn fn,
                            void *user, uint64_t *count);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
