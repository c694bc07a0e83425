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

/* ------------------------------------------------------------------ */
/* Counting                                                            */
/* ------------------------------------------------------------------ */

/*! What a count finds. For n >= 2, unique = (total + sym180 + 2*sym90) / 8. */
typedef struct nq_count_result {
    uint64_t total;  /* all solutions */
    uint64_t unique; /* classes under the 8 symmetries of the square */
    uint64_t sym180; /* solutions unchanged by a half turn (sym90 included) */
    uint64_t sym90;  /* solutions unchanged by a quarter turn */
} nq_count_result;

/*! A progress callback: `done` of `total` subproblems are finished and
 *  their solutions add up to `solutions` so far. Called from the thread
 *  that runs the count, never from two threads at once. Return non-zero to
 *  cancel the count (it then returns NQ_E_STOPPED). */
typedef int (*nq_progress_fn)(uint64_t done, uint64_t total,
                              uint64_t solutions, void *user);

/*! Options of a count. Start from nq_count_options_init(). */
typedef struct nq_count_options {
    int threads;           /* worker threads; 0 = all online cores */
    uint64_t memory_bytes; /* memory budget; 0 = the default (2 GiB) */
    nq_progress_fn progress; /* may be NULL */
    void *progress_user;     /* handed to progress */
} nq_count_options;

/*! nq_count_options_init() : fills `options` with the defaults. */
NQ_API void nq_count_options_init(nq_count_options *options);

/*! nq_count_default_threads() : the number of worker threads that
 *  `threads = 0` stands for (the online cores, at least 1). */
NQ_API int nq_count_default_threads(void);

/*! nq_count() : counts the solutions of n queens exactly, with the counts of
 *  symmetric solutions and the unique count. `options` may be NULL (the
 *  defaults). Takes 1 <= n <= NQ_MAX_N; time is the real limit (n = 18
 *  took about 70 s of processor time on an AMD EPYC core, and each further
 *  n takes 7 to 8 times more). The engine is start-constellation
 *  backtracking (see nq_plan_signature()); its memory need is small and
 *  checked against the budget (NQ_E_NOMEM when it does not fit). Built on
 *  the plan API below: nq_plan_create, nq_plan_run over every id,
 *  nq_subcount_add, nq_plan_result. Returns 0, NQ_E_RANGE for an n the
 *  engine does not take, NQ_E_INVAL for threads < 0 or a NULL result,
 *  NQ_E_OVERFLOW if a count would not fit in 64 bits, NQ_E_STOPPED when the
 *  progress callback cancelled it (checked between subproblems), NQ_E_NOMEM,
 *  NQ_E_THREAD. On error `result` is zeroed. The result does not depend on
 *  the thread count. */
NQ_API int nq_count(int n, const nq_count_options *options,
                    nq_count_result *result);

/* ---- Counting by subproblems: what threads, checkpoints and MPI share ---- */

/*! A plan splits one count into subproblems with stable ids 0..size-1:
 *  the same n, engine and parameters always give the same ids, so a
 *  result never depends on who ran which id, and a killed run can resume
 *  from the ids it had finished. Opaque; immutable once created, so one
 *  plan may be used by several threads at once. */
typedef struct nq_plan nq_plan;

/*! What one subproblem (or a sum of them) contributes. */
typedef struct nq_subcount {
    uint64_t total;  /* contribution to the total, symmetry weights applied */
    uint64_t sym180; /* contribution to sym180 */
    uint64_t sym90;  /* contribution to sym90 */
} nq_subcount;

/*! nq_plan_create() : the decomposition of the count of n under `options`
 *  (the memory budget may choose the engine; may be NULL). Returns 0 and
 *  sets *plan, or NQ_E_RANGE, NQ_E_NOMEM. Free with nq_plan_free(). */
NQ_API int nq_plan_create(int n, const nq_count_options *options,
                          nq_plan **plan);

/*! nq_plan_free() : releases a plan; NULL is allowed. */
NQ_API void nq_plan_free(nq_plan *plan);

/*! nq_plan_size() : the number of subproblems (ids are 0..size-1). */
NQ_API uint64_t nq_plan_size(const nq_plan *plan);

/*! nq_plan_n() : the board size of the plan. */
NQ_API int nq_plan_n(const nq_plan *plan);

/*! nq_plan_signature() : a short printable string naming the engine, n and
 *  every parameter that shapes the ids, such as "constellations/1 n=17
 *  rows=3". Two plans with equal signatures have the same ids meaning the
 *  same work: checkpoints record it and refuse a mismatch. */
NQ_API const char *nq_plan_signature(const nq_plan *plan);

/*! nq_plan_count_one() : solves subproblem `id` on the calling thread.
 *  Returns 0, NQ_E_INVAL for an id out of range, NQ_E_OVERFLOW. */
NQ_API int nq_plan_count_one(const nq_plan *plan, uint64_t id,
                             nq_subcount *out);

/*! Called once per finished subproblem by nq_plan_run(), from one thread
 *  at a time (never concurrently). Return non-zero to stop the run. */
typedef int (*nq_subproblem_fn)(uint64_t id, const nq_subcount *count,
                                void *user);

/*! nq_plan_run() : solves the subproblems `ids[0..nids-1]` on `threads`
 *  threads (0 = all cores), handing ids out dynamically, and calls `done`
 *  (may be NULL) as each finishes, in any order. Returns 0, NQ_E_STOPPED
 *  when `done` stopped it (subproblems not yet reported are lost),
 *  NQ_E_INVAL, NQ_E_OVERFLOW, NQ_E_NOMEM, NQ_E_THREAD. */
NQ_API int nq_plan_run(const nq_plan *plan, const uint64_t *ids, size_t nids,
                       int threads, nq_subproblem_fn done, void *user);

/*! nq_subcount_add() : *sum += *add, every field checked. Returns 0 or
 *  NQ_E_OVERFLOW (and leaves *sum unchanged). */
NQ_API int nq_subcount_add(nq_subcount *sum, const nq_subcount *add);

/*! nq_plan_result() : turns the sum over ALL subproblems of a plan into the
 *  final result (adds what the plan counts outside its subproblems, derives
 *  unique). Returns 0 or NQ_E_OVERFLOW. */
NQ_API int nq_plan_result(const nq_plan *plan, const nq_subcount *sum,
                          nq_count_result *result);

/* ------------------------------------------------------------------ */
/* Learning: the search itself, step by step                           */
/* ------------------------------------------------------------------ */

/*! What happens at one step of the teaching texts' search (row by row,
 *  boolean arrays for columns and both diagonals, columns tried in
 *  ascending order). */
typedef enum nq_trace_kind {
    NQ_TRACE_PLACE = 0,     /* a queen goes on (row, col): no conflict */
    NQ_TRACE_CONFLICT = 1,  /* (row, col) is attacked: pruned, not placed */
    NQ_TRACE_BACKTRACK = 2, /* every column of `row` is tried: the search
                               lifts the queen of row - 1 (or ends when
                               row is 0) */
    NQ_TRACE_SOLUTION = 3   /* all n queens stand: `cols` is a solution */
} nq_trace_kind;

/*! The constraint that pruned a square, checked in this order, as the
 *  textbook's `cols[c] || diags1[r-c+n-1] || diags2[r+c]` does. */
typedef enum nq_constraint {
    NQ_CONSTRAINT_NONE = 0,        /* not a conflict */
    NQ_CONSTRAINT_COLUMN = 1,      /* the column holds a queen */
    NQ_CONSTRAINT_DIAGONAL = 2,    /* the `\` diagonal (row - col) does */
    NQ_CONSTRAINT_ANTIDIAGONAL = 3 /* the `/` diagonal (row + col) does */
} nq_constraint;

/*! nq_constraint_name() : "column", "diagonal", "anti-diagonal" or "none";
 *  NULL for a value outside the enum. */
NQ_API const char *nq_constraint_name(nq_constraint constraint);

/*! One event of a trace. Rows and columns are 0-based. `cols[0..depth-1]`
 *  is the partial solution vector after the event (the queens standing in
 *  rows 0..depth-1); it is valid only during the callback. */
typedef struct nq_trace_event {
    nq_trace_kind kind;
    uint64_t step;            /* 1, 2, ...: the event's number in the trace */
    int row;                  /* place/conflict: the square's row;
                                 backtrack: the row given up; solution: n */
    int col;                  /* place/conflict: the square's column; else -1 */
    nq_constraint constraint; /* conflict: what pruned it; else NONE */
    int clash_row;            /* conflict: the queen it clashes with; else -1 */
    int clash_col;            /* conflict: that queen's column; else -1 */
    const int *cols;          /* the partial vector, 0-based columns */
    int depth;                /* how many rows of cols hold a queen */
} nq_trace_event;

/*! A trace callback: `n` is the board size. Return 0 to go on, non-zero
 *  to stop the search. */
typedef int (*nq_trace_fn)(const nq_trace_event *event, int n, void *user);

/*! What a trace has seen so far. For a search run to its end:
 *  placements + conflicts = n * (1 + placements not in the last row),
 *  backtracks = placements - solutions + 1, and solutions = the total. */
typedef struct nq_trace_stats {
    uint64_t placements;   /* place events: consistent partial placements */
    uint64_t conflicts[4]; /* conflict events by nq_constraint ([0] unused) */
    uint64_t backtracks;   /* backtrack events */
    uint64_t solutions;    /* solution events */
    uint64_t steps;        /* all events */
} nq_trace_stats;

/*! nq_trace_conflicts() : the conflicts of every kind added up. */
NQ_API uint64_t nq_trace_conflicts(const nq_trace_stats *stats);

/*! nq_trace() : runs the teaching texts' row-by-row search on an n x n board
 *  and calls `fn` (may be NULL: statistics only) once per event, in the
 *  order the search makes them. `stats` (may be NULL) receives the counts
 *  of the events made, including the one whose callback stopped the
 *  search. Returns 0 when the search ran to its end, NQ_E_STOPPED when
 *  `fn` stopped it, NQ_E_RANGE unless 1 <= n <= NQ_MAX_N (fn not called,
 *  stats zeroed). */
NQ_API int nq_trace(int n, nq_trace_fn fn, void *user, nq_trace_stats *stats);

/* ---- Simple bitboard counters: what each idea buys (nqueens bench) ---- */

/*! nq_count_bitboard() : counts the solutions with the plain bitboard
 *  backtracking (three bit masks: columns and both diagonals taken), the
 *  same search tree as the textbook, one machine word per test. `total`
 *  (may be NULL) receives the count; `nodes` (may be NULL) the number of
 *  queens placed, which equals the place events of nq_trace(). Returns 0 or NQ_E_RANGE unless
 *  1 <= n <= NQ_MAX_N; on error the outputs are zeroed. */
NQ_API int nq_count_bitboard(int n, uint64_t *total, uint64_t *nodes);

/*! nq_count_bitboard_mirror() : the same, searching only the first row's
 *  left half (and its middle column for odd n) and doubling, since the
 *  mirror image of a solution is a solution: about half the nodes. */
NQ_API int nq_count_bitboard_mirror(int n, uint64_t *total, uint64_t *nodes);

/* ------------------------------------------------------------------ */
/* Symmetry                                                            */
/* ------------------------------------------------------------------ */

/*! The 8 symmetries of the square, acting on a placement. Row 0 is the top
 *  row and column 0 the left column; (r, c) is the queen of row r. */
typedef enum nq_symmetry {
    NQ_SYM_IDENTITY = 0,     /* (r, c) -> (r, c) */
    NQ_SYM_ROT90 = 1,        /* quarter turn clockwise: (r, c) -> (c, n-1-r) */
    NQ_SYM_ROT180 = 2,       /* half turn: (r, c) -> (n-1-r, n-1-c) */
    NQ_SYM_ROT270 = 3,       /* quarter turn anticlockwise: -> (n-1-c, r) */
    NQ_SYM_MIRROR = 4,       /* left-right mirror: (r, c) -> (r, n-1-c) */
    NQ_SYM_FLIP = 5,         /* top-bottom flip: (r, c) -> (n-1-r, c) */
    NQ_SYM_DIAGONAL = 6,     /* transpose on the main diagonal: -> (c, r) */
    NQ_SYM_ANTIDIAGONAL = 7  /* transpose on the other: -> (n-1-c, n-1-r) */
} nq_symmetry;

#define NQ_SYMMETRY_COUNT 8

/*! nq_transform() : writes the image of the placement cols[0..n-1] under
 *  `s` to out[0..n-1] (out may be cols itself). cols must hold one queen
 *  per row and per column (a permutation of 0..n-1); it need not be a
 *  solution. Returns 0, NQ_E_RANGE unless 1 <= n <= NQ_MAX_N, NQ_E_INVAL
 *  for a NULL pointer, an unknown `s` or cols not a permutation. */
NQ_API int nq_transform(nq_symmetry s, const int *cols, int n, int *out);

/*! nq_canonical() : the canonical form of cols' class: the lexicographically
 *  smallest of its 8 images, written to `out` (may be NULL, may be cols),
 *  and the number of distinct images in *class_size (may be NULL): 8, 4
 *  (unchanged by a half turn), 2 (by a quarter turn) or 1 (n = 1).
 *  Preconditions and errors as nq_transform(). */
NQ_API int nq_canonical(const int *cols, int n, int *out, int *class_size);

/*! nq_class_size() : the number of distinct images of cols (1, 2, 4 or 8),
 *  or a negative error as nq_transform(). */
NQ_API int nq_class_size(const int *cols, int n);

/*! nq_is_canonical() : 1 when cols is the canonical form of its class, 0
 *  when not, or a negative error as nq_transform(). Cheaper than
 *  nq_canonical(): it usually decides on the first element. */
NQ_API int nq_is_canonical(const int *cols, int n);

/* ------------------------------------------------------------------ */
/* Solutions                                                           */
/* ------------------------------------------------------------------ */

/*! Options of nq_solve() and nq_solve_unique(). Start from
 *  nq_solve_options_init(). */
typedef struct nq_solve_options {
    int threads;         /* search threads; 0 = all online cores; 1 = the
                            search runs on the calling thread alone */
    size_t buffer_bytes; /* about the most memory that holds solutions
                            found ahead of their turn (never less than
                            32 KiB a thread); 0 = the default (8 MiB) */
} nq_solve_options;

/*! The most search threads nq_solve() takes. */
#define NQ_SOLVE_MAX_THREADS 1024

/*! nq_solve_options_init() : fills `options` with the defaults. */
NQ_API void nq_solve_options_init(nq_solve_options *options);

/*! nq_solve() : calls `fn` once for every solution of n queens, in
 *  lexicographic order of the column vectors (row 0 first), the order of
 *  the textbook algorithms. With several threads the search is split into
 *  ordered subproblems (the placements of the first rows) that threads
 *  solve ahead into bounded buffers; the solutions are handed to `fn` in
 *  order, from the calling thread only and never concurrently, so `fn`
 *  needs no locking and the sequence does not depend on the thread count.
 *  Memory stays bounded (options->buffer_bytes) whatever the number of
 *  solutions. `options` may be NULL (the defaults).
 *  Returns 0 after the last solution; NQ_E_STOPPED when `fn` returned
 *  non-zero (it is not called again); NQ_E_RANGE unless 1 <= n <=
 *  NQ_MAX_N; NQ_E_INVAL for a NULL fn, threads < 0 or threads >
 *  NQ_SOLVE_MAX_THREADS (fn not called); NQ_E_NOMEM, in which case fn may
 *  have run for the first solutions. If no thread can be started the
 *  search runs on the calling thread. */
NQ_API int nq_solve(int n, const nq_solve_options *options, nq_solution_fn fn,
                    void *user);

/*! nq_solve_unique() : as nq_solve(), but only for the canonical form of
 *  each class of solutions under the 8 symmetries (nq_is_canonical()): one
 *  call per class, in lexicographic order; the number of calls is the
 *  unique count. Same options, threads and errors as nq_solve(). */
NQ_API int nq_solve_unique(int n, const nq_solve_options *options,
                           nq_solution_fn fn, void *user);

/* ------------------------------------------------------------------ */
/* Completion                                                          */
/* ------------------------------------------------------------------ */

/*
 * A partial placement `given` holds n ints: given[r] is the 0-based column
 * of a queen placed in advance in row r, or NQ_COMPLETE_FREE_ROW when row r
 * holds none. Given queens may stand in any rows. A completion is a
 * solution of the n x n board that keeps every given queen. Deciding
 * whether one exists is NP-complete (Gent, Jefferson and Nightingale, JAIR
 * 2017); the engine projects the given queens' columns and diagonals onto
 * every free row, then backtracks over bitboards (n <= 64) with forward
 * checking: a free row or a free column left without a cell ends a branch,
 * and a row or a column with a single cell left is filled at once.
 *
 * Every function below checks its input first and returns:
 *   NQ_E_RANGE     unless 1 <= n <= NQ_MAX_N;
 *   NQ_E_INVAL     for a NULL pointer it needs, or a given[r] outside
 *                  -1..n-1;
 *   NQ_E_CONFLICT  when two given queens attack each other
 *                  (nq_complete_check() names them).
 */

/*! The value of given[r] for a row without a given queen. */
#define NQ_COMPLETE_FREE_ROW (-1)

/*! How two given queens attack each other. (Two queens in one row cannot
 *  be written in a `given` array: the reader of the input rejects them.) */
typedef enum nq_complete_attack {
    NQ_COMPLETE_NO_ATTACK = 0,
    NQ_COMPLETE_SAME_COLUMN = 1,      /* equal columns */
    NQ_COMPLETE_SAME_DIAGONAL = 2,    /* equal row - column: a diagonal */
    NQ_COMPLETE_SAME_ANTIDIAGONAL = 3 /* equal row + column: anti-diagonal */
} nq_complete_attack;

/*! The first pair of given queens that attack each other. */
typedef struct nq_complete_conflict {
    int row_a;               /* the upper queen's row (0-based) */
    int row_b;               /* the lower queen's row, row_a < row_b */
    nq_complete_attack kind; /* how they attack */
} nq_complete_conflict;

/*! nq_complete_check() : validates a partial placement. Returns 0 when
 *  1 <= n <= NQ_MAX_N, every given[r] is in -1..n-1 and no two given
 *  queens attack each other; NQ_E_CONFLICT when two do, with `conflict`
 *  (may be NULL) naming the pair that comes first in row order (smallest
 *  row_b, then smallest row_a); NQ_E_RANGE or NQ_E_INVAL otherwise. */
NQ_API int nq_complete_check(int n, const int *given,
                             nq_complete_conflict *conflict);

/*! Which completion nq_complete_first() returns. Both are deterministic:
 *  the same input always gives the same completion. */
typedef enum nq_complete_order {
    /* The lexicographically first completion: the smallest column in the
     * first free row, then in the next, ... This is what `nqueens
     * complete` prints by default. Found by asking the fewest-free-cells
     * search, row by row, whether a smaller column can still be completed:
     * one more search per column tried. */
    NQ_COMPLETE_LEXICOGRAPHIC = 0,
    /* The first completion met by the search that always fills next the
     * free row with the fewest free cells (ties: the upper row), trying
     * columns in ascending order: the fastest answer on hard instances,
     * not necessarily the lexicographically first. */
    NQ_COMPLETE_FEWEST_FREE = 1
} nq_complete_order;

/*! Options of the completion functions. Start from
 *  nq_complete_options_init(). */
typedef struct nq_complete_options {
    /* count: worker threads; 0 = all online cores */
    int threads;
    /* first: give up with NQ_E_TIMEOUT after this many search nodes;
     * 0 = no limit (the default) */
    uint64_t node_limit;
    /* count: may be NULL; `total` counts the subproblems of the split */
    nq_progress_fn progress;
    /* handed to progress */
    void *progress_user;
} nq_complete_options;

/*! nq_complete_options_init() : fills `options` with the defaults. */
NQ_API void nq_complete_options_init(nq_complete_options *options);

/*! nq_complete_first() : writes one completion of `given` to out[0..n-1]
 *  (0-based columns, the given queens included), chosen by `order`.
 *  `options` may be NULL (the defaults); only its node_limit is used. `out`
 *  may be `given` itself. The lexicographic order has to prove that no
 *  smaller column of any free row can be completed, which can take far
 *  longer than finding a completion when few queens are given on a large
 *  board (the empty 40 x 40 board needs over 2*10^7 nodes): node_limit
 *  bounds that work in a deterministic way. Returns 0; NQ_E_NOSOLUTION when no
 *  completion exists; NQ_E_TIMEOUT when the node limit was reached first;
 *  NQ_E_INVAL for an unknown order; the input errors above. On error `out`
 *  is left unchanged. */
NQ_API int nq_complete_first(int n, const int *given, nq_complete_order order,
                             const nq_complete_options *options, int *out);

/*! nq_complete_each() : calls `fn` (may be NULL) once per completion of
 *  `given`, in lexicographic order, streaming (memory does not grow with
 *  the number of completions). If `count` is not NULL it receives the
 *  number of completions emitted. Returns 0 when the search ran to its end
 *  (zero completions included), NQ_E_STOPPED when `fn` stopped it (count
 *  then includes the completion that stopped it), or an input error above,
 *  in which case `fn` has not been called. */
NQ_API int nq_complete_each(int n, const int *given, nq_solution_fn fn,
                            void *user, uint64_t *count);

/*! nq_complete_count() : counts the completions of `given` exactly, on
 *  `options->threads` threads (options may be NULL: the defaults). The
 *  search is split into subproblems that threads take in turn; the result
 *  does not depend on the thread count. Returns 0 (zero completions
 *  included); NQ_E_STOPPED when the progress callback cancelled it;
 *  NQ_E_OVERFLOW if the count would not fit in 64 bits; NQ_E_NOMEM;
 *  NQ_E_THREAD; an input error above. On error *count is 0. */
NQ_API int nq_complete_count(int n, const int *given,
                             const nq_complete_options *options,
                             uint64_t *count);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
