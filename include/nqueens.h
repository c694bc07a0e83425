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
 * The declarations are ordered from simple to advanced:
 *  1. One-call functions: version and errors; count; solve (every solution
 *     in order); construct, random and first solutions; verify; complete;
 *     symmetry; the textbook algorithms and the trace, for learners.
 *  2. Options of those calls, with their defaults, and the encoded stream.
 *  3. Counting by subproblems (nq_plan_*): what threads, checkpoints and
 *     MPI share.
 *  4. Checkpoints: a count that resumes after a stop or a crash.
 *  5. Experimental: benchmarks and oracles, which may change; declared
 *     only where NQ_EXPERIMENTAL is defined before this header is included.
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the library's exported symbols when it is being built. */
#if defined(NQ_BUILDING_LIBRARY) && defined(__GNUC__)
#define NQ_API __attribute__((visibility("default")))
#else
#define NQ_API
#endif

/* ================================================================== */
/* 1. One-call functions                                              */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Version and limits                                                 */
/* ------------------------------------------------------------------ */

/*! The version of this header, as numbers and as a string; nq_version()
 *  gives the library's, which is the same when both come from one build.
 *  The three numbers are the project's one record of its version: CMake
 *  reads them for the SONAME and the package files. */
#define NQ_VERSION_MAJOR 0
#define NQ_VERSION_MINOR 1
#define NQ_VERSION_PATCH 0
#define NQ_VERSION_QUOTE_(x) #x
#define NQ_VERSION_TEXT_(major, minor, patch)                                  \
    NQ_VERSION_QUOTE_(major)                                                   \
    "." NQ_VERSION_QUOTE_(minor) "." NQ_VERSION_QUOTE_(patch)
#define NQ_VERSION_STRING                                                      \
    NQ_VERSION_TEXT_(NQ_VERSION_MAJOR, NQ_VERSION_MINOR, NQ_VERSION_PATCH)

/*! The largest board the bitboard engines and the textbook algorithms take. */
#define NQ_MAX_N 64

/*! The most worker threads a call starts. One rule for every call that
 *  takes a number of threads (the `threads` of each options struct,
 *  nq_plan_run()): a larger number runs on NQ_MAX_THREADS, as
 *  `threads = 0` (all usable cores) never stands for more; a negative one
 *  is NQ_E_INVAL, but where a call says otherwise. */
#define NQ_MAX_THREADS 1024

/*! nq_version() : the library's version as "MAJOR.MINOR.PATCH". */
NQ_API const char *nq_version(void);

/* ------------------------------------------------------------------ */
/* Errors                                                             */
/* ------------------------------------------------------------------ */

/*! The one table of error codes: NQ_E_<name>, its value and its message.
 *  The enum nq_error, nq_strerror() and nq_err_name() are generated from
 *  it. Two codes are reserved, returned by no call of this version:
 *  NQ_E_THREAD, since a call whose worker threads cannot be started runs
 *  on the calling thread instead; NQ_E_UNSUPPORTED, for an engine that
 *  this build of the library leaves out (the GPU's, where it has no
 *  OpenCL). */
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
    X(UNSUPPORTED, -13, "not supported by this build")                         \
    X(NOTCHECKPOINT, -14, "not an nqueens checkpoint file")                    \
    X(CORRUPT, -15, "checkpoint file is damaged")                              \
    X(BUSY, -16, "checkpoint file is in use by another run")                   \
    X(MISMATCH, -17, "two counts of one subproblem differ")                    \
    X(DEVICE, -18, "the GPU device failed to build or run the kernel")

/*! The error codes: NQ_OK (0), or an NQ_E_<name> of the table above. */
typedef enum nq_error {
    NQ_OK = 0,
#define NQ_ERROR_ENUM_(name, value, text) NQ_E_##name = (value),
    NQ_ERROR_TABLE(NQ_ERROR_ENUM_)
#undef NQ_ERROR_ENUM_
} nq_error;

/*! nq_strerror() : a short lower-case message for `err` (0 or an NQ_E_*
 *  code). Unknown codes give "unknown error". Never returns NULL. */
NQ_API const char *nq_strerror(int err);

/*! nq_err_name() : the code's name, such as "NQ_E_RANGE" ("NQ_OK" for
 *  0). A code that is not in the table gives "NQ_E_UNKNOWN", which names
 *  no code of the enum. Never returns NULL. */
NQ_API const char *nq_err_name(int err);

/* ------------------------------------------------------------------ */
/* Callbacks and options                                              */
/* ------------------------------------------------------------------ */

/*! A solution callback: `cols` holds n 0-based columns (one per row) and is
 *  valid only during the call. Return 0 to go on, non-zero to stop. */
typedef int (*nq_solution_fn)(const int *cols, int n, void *user);

/*! A progress callback: `done` of `total` subproblems are finished and
 *  their solutions add up to `solutions` so far. Called from the thread
 *  that runs the count, never from two threads at once. Return non-zero to
 *  cancel the count (it then returns NQ_E_STOPPED). */
typedef int (*nq_progress_fn)(uint64_t done, uint64_t total, uint64_t solutions,
                              void *user);

/*! The options of the calls that take them, defined in part 2 with their
 *  defaults and the rule by which they grow (nq_count_options_init() and
 *  friends); a NULL options pointer stands for the defaults. */
typedef struct nq_count_options nq_count_options;
typedef struct nq_solve_options nq_solve_options;
typedef struct nq_complete_options nq_complete_options;

/* ------------------------------------------------------------------ */
/* Counting                                                           */
/* ------------------------------------------------------------------ */

/*! What a count finds. For n >= 2, unique = (total + sym180 + 2*sym90) / 8. */
typedef struct nq_count_result {
    uint64_t total;  /* all solutions */
    uint64_t unique; /* classes under the 8 symmetries of the square */
    uint64_t sym180; /* solutions unchanged by a half turn (sym90 included) */
    uint64_t sym90;  /* solutions unchanged by a quarter turn */
} nq_count_result;

/*! nq_count() : counts the solutions of n queens exactly, with the counts of
 *  symmetric solutions and the unique count. `options` may be NULL (the
 *  defaults). Takes 1 <= n <= NQ_MAX_N; time is the real limit. The
 *  engine (options->engine, see nq_engine and nq_plan_signature()) is the
 *  half-board join where its table fits the memory budget, else
 *  start-constellation backtracking, whose memory need is small (both are
 *  checked against the budget: NQ_E_NOMEM when the chosen engine does not
 *  fit). Built on the plan API below: nq_plan_create, then nq_count_plan
 *  (nq_plan_run over every id, nq_subcount_add, nq_plan_result). Returns
 *  0, NQ_E_RANGE for an n the engine does not take, NQ_E_INVAL for
 *  threads < 0, an unknown engine, options of an unknown version or a NULL
 *  result, NQ_E_OVERFLOW if a
 *  count would not fit in 64 bits, NQ_E_STOPPED when the progress callback
 *  cancelled it (checked between subproblems), NQ_E_NOMEM; with
 *  NQ_ENGINE_GPU also NQ_E_UNSUPPORTED (no GPU support built, no such
 *  device) and NQ_E_DEVICE (the device failed; options->device_message
 *  says how). On error `result` is zeroed. The result does not depend on
 *  the thread count or the engine. */
NQ_API int nq_count(int n, const nq_count_options *options,
                    nq_count_result *result);

/* ------------------------------------------------------------------ */
/* Solutions, in order                                                */
/* ------------------------------------------------------------------ */

/*! nq_solve() : calls `fn` once for every solution of n queens, in
 *  lexicographic order of the column vectors (row 0 first), the order of
 *  the textbook algorithms. With several threads the search is split into
 *  ordered subproblems (the placements of the first rows) that threads
 *  solve ahead into bounded buffers; the solutions are handed to `fn` in
 *  order, from the calling thread only and never concurrently, so `fn`
 *  needs no locking and the sequence does not depend on the thread count.
 *  Memory stays bounded (options->buffer_bytes) whatever the number of
 *  solutions; for 4 <= n <= 20 the call also builds a table of the last
 *  rows' placements first (at most 32 MiB, built once before the first
 *  solution; without the memory for it, the plain search runs instead).
 *  `options` may be NULL (the defaults).
 *  Returns 0 after the last solution; NQ_E_STOPPED when `fn` returned
 *  non-zero (it is not called again); NQ_E_RANGE unless 1 <= n <=
 *  NQ_MAX_N; NQ_E_INVAL for a NULL fn, threads < 0 or
 *  options of an unknown version (fn not called); NQ_E_NOMEM, in which
 *  case fn may have run for the first solutions. More threads than
 *  NQ_MAX_THREADS run on that many. If no thread can be started the
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
/* Huge boards: one solution for any n                                */
/* ------------------------------------------------------------------ */

/*! nq_construct_column() : the 0-based column of the queen in `row` of an
 *  explicit solution of n queens, computed in O(1) from a closed form
 *  (Hoffman, Loessi and Moore, 1969), so a solution of any size can be
 *  written row by row without holding it. Valid for n = 1 and every
 *  n >= 4 up to INT_MAX. Returns the column (>= 0), or NQ_E_RANGE for
 *  n < 1, NQ_E_NOSOLUTION for n = 2 or 3, NQ_E_INVAL unless 0 <= row < n. */
NQ_API int nq_construct_column(int n, int row);

/*! nq_construct_range() : cols[k] = nq_construct_column(n, first_row + k)
 *  for k in 0..count-1, the fast way to stream a constructed solution in
 *  blocks. Returns 0, NQ_E_RANGE, NQ_E_NOSOLUTION, or NQ_E_INVAL when the
 *  rows are not all within 0..n-1 or cols is NULL (count 0 is allowed). */
NQ_API int nq_construct_range(int n, int first_row, int count, int *cols);

/*! nq_construct() : the whole constructed solution: cols[0..n-1].
 *  Errors as nq_construct_range(). */
NQ_API int nq_construct(int n, int *cols);

/*! nq_random_solution() : a solution of n queens found by seeded local
 *  search (Sosic and Gu's QS4: a permutation, a greedy conflict-free
 *  placement of all but the last few rows, then swaps that lower the number
 *  of attacks until there are none), in near-linear time and O(n) memory
 *  (about 8 bytes a queen, cols included). The same n and seed always give
 *  the same solution, on every platform; different seeds give different
 *  ones where the board has them. `progress` (may be NULL) is called now
 *  and then with done = rows settled so far, total = n, solutions = 0;
 *  non-zero cancels.
 *  Returns 0 and fills cols[0..n-1], NQ_E_RANGE for n < 1,
 *  NQ_E_NOSOLUTION for n = 2 or 3, NQ_E_INVAL for cols NULL, NQ_E_NOMEM,
 *  NQ_E_STOPPED (cols then holds no solution). */
NQ_API int nq_random_solution(int n, uint64_t seed, int *cols,
                              nq_progress_fn progress, void *user);

/*! nq_first_solution() : the first solution in lexicographic order (row 0's
 *  column smallest first), found by bitboard backtracking. The search can
 *  take very long for some n above 30, so `progress` (may be NULL) is
 *  called about every 65,536 placements with done = placements tried,
 *  total = 0, solutions = 0; non-zero cancels. Returns 0 and fills
 *  cols[0..n-1], NQ_E_NOSOLUTION for n = 2 or 3, NQ_E_RANGE unless
 *  1 <= n <= NQ_MAX_N, NQ_E_INVAL for cols NULL, NQ_E_STOPPED. */
NQ_API int nq_first_solution(int n, int *cols, nq_progress_fn progress,
                             void *user);

/* ------------------------------------------------------------------ */
/* Checking a placement                                               */
/* ------------------------------------------------------------------ */

/*! The lines along which two queens attack (rows differ by construction). */
typedef enum nq_line_kind {
    NQ_LINE_COLUMN = 0,      /* the same column */
    NQ_LINE_DIAGONAL = 1,    /* the same row - col: "\" */
    NQ_LINE_ANTIDIAGONAL = 2 /* the same row + col: "/" */
} nq_line_kind;

/*! A conflict callback: the queens of rows row_a < row_b attack each other
 *  along `line`. Return 0 to hear of the next, non-zero to stop. */
typedef int (*nq_conflict_fn)(int row_a, int row_b, nq_line_kind line,
                              void *user);

/*! What nq_verify() finds. A pair of queens on one line counts once per
 *  line they share (two queens share at most one). */
typedef struct nq_verify_result {
    uint64_t pairs;              /* pairs of queens that attack each other */
    uint64_t column_pairs;       /* of which in one column */
    uint64_t diagonal_pairs;     /* of which on one "\" diagonal */
    uint64_t antidiagonal_pairs; /* of which on one "/" diagonal */
    uint64_t empty_rows;         /* rows holding -1 (no queen) */
    int first_empty_row;         /* the first such row, -1 if none */
} nq_verify_result;

/*! nq_verify() : checks a placement of queens on an n x n board in O(n) time
 *  and 5n bytes of memory (5n bits above 4 million queens; O(n) words when
 *  there are attacks).
 *  cols[r] is the column of the queen of row r, or -1 for a row without a
 *  queen (a partial board). Returns 0 when no two queens attack each other
 *  (a solution exactly when result->empty_rows is also 0), NQ_E_CONFLICT
 *  when some do, NQ_E_RANGE for n < 1, NQ_E_INVAL for cols NULL or a
 *  column outside -1..n-1, NQ_E_NOMEM. `result` (may be NULL) is filled
 *  before `fn` is first called, so the totals are complete even when `fn`
 *  stops the listing; it is zeroed on NQ_E_RANGE, NQ_E_INVAL, NQ_E_NOMEM.
 *  `fn` (may be NULL) hears of every attacking pair, ordered by row_b, then
 *  by line kind, then by row_a; finding the partners of a queen costs O(n),
 *  so a caller that lists only a few conflicts should stop early. When `fn`
 *  stops, the call returns NQ_E_STOPPED. */
NQ_API int nq_verify(const int *cols, int n, nq_conflict_fn fn, void *user,
                     nq_verify_result *result);

/* ------------------------------------------------------------------ */
/* Completion                                                         */
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
 *                  (nq_complete_check() names them), or a given queen
 *                  stands on a square that the options' exclusions rule
 *                  out (nq_complete_check_options() names it);
 *   NQ_E_INVAL     also for exclusions off the board.
 * The calls that take options apply their exclusions (blocked squares,
 * excluded diagonals) to every free row once, before the search.
 */

/*! The value of given[r] for a row without a given queen. */
#define NQ_COMPLETE_FREE_ROW (-1)

/*! How two given queens attack each other. (Two queens in one row cannot
 *  be written in a `given` array: the reader of the input rejects them.) */
typedef enum nq_complete_attack {
    NQ_COMPLETE_NO_ATTACK = 0,
    NQ_COMPLETE_SAME_COLUMN = 1,       /* equal columns */
    NQ_COMPLETE_SAME_DIAGONAL = 2,     /* equal row - column: a diagonal */
    NQ_COMPLETE_SAME_ANTIDIAGONAL = 3, /* equal row + column: anti-diagonal */
    /* A given queen on a square that nq_complete_exclusions rules out
     * (row_a == row_b, the queen's row): */
    NQ_COMPLETE_ON_BLOCKED = 4,      /* a blocked square */
    NQ_COMPLETE_ON_EXCLUDED_SUM = 5, /* an excluded row + column diagonal */
    NQ_COMPLETE_ON_EXCLUDED_DIFF = 6 /* an excluded row - column diagonal */
} nq_complete_attack;

/*! The first pair of given queens that attack each other. */
typedef struct nq_complete_conflict {
    int row_a;               /* the upper queen's row (0-based) */
    int row_b;               /* the lower queen's row, row_a < row_b */
    nq_complete_attack kind; /* how they attack */
} nq_complete_conflict;

/*! Squares where no queen may stand, besides those the given queens
 *  attack: the two other forms of the completion problem in the research
 *  literature (CSPLib problems 079 and 080). Coordinates are 0-based. A
 *  completion puts no queen on a blocked square or an excluded diagonal;
 *  a given queen standing on one is a conflict (NQ_E_CONFLICT). Zero it
 *  (or pass no exclusions) for none. */
typedef struct nq_complete_exclusions {
    /* bit c of blocked[r]: square (r, c) is blocked; rows and columns
     * from n on must be 0 */
    uint64_t blocked[NQ_MAX_N];
    /* bit k of the 128 (sum[k / 64] >> k % 64): no queen where
     * row + column == k, for k = 0 .. 2n-2; bits from 2n-1 on must be 0 */
    uint64_t sum[2];
    /* bit k: no queen where row - column == k - (n - 1), for k = 0 ..
     * 2n-2 (CSPLib's offset, so that every k is non-negative) */
    uint64_t diff[2];
} nq_complete_exclusions;

/*! nq_complete_check() : validates a partial placement. Returns 0 when
 *  1 <= n <= NQ_MAX_N, every given[r] is in -1..n-1 and no two given
 *  queens attack each other; NQ_E_CONFLICT when two do, with `conflict`
 *  (may be NULL) naming the pair that comes first in row order (smallest
 *  row_b, then smallest row_a); NQ_E_RANGE or NQ_E_INVAL otherwise. */
NQ_API int nq_complete_check(int n, const int *given,
                             nq_complete_conflict *conflict);

/*! nq_complete_check_options() : nq_complete_check() with the exclusions
 *  of `options` (may be NULL: none) as well: NQ_E_INVAL when an exclusion
 *  names a square or a diagonal off the n x n board, or for options of an
 *  unknown version; NQ_E_CONFLICT, with
 *  `conflict` filled, when two given queens attack each other (first, as
 *  above) or a given queen stands on an excluded square (then the first
 *  such queen in row order, with kind NQ_COMPLETE_ON_*). */
NQ_API int nq_complete_check_options(int n, const int *given,
                                     const nq_complete_options *options,
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

/*! nq_complete_first() : writes one completion of `given` to out[0..n-1]
 *  (0-based columns, the given queens included), chosen by `order`.
 *  `options` may be NULL (the defaults); its node_limit and
 *  exclusions are used. `out`
 *  may be `given` itself. The lexicographic order has to prove that no
 *  smaller column of any free row can be completed, which can take far
 *  longer than finding a completion when few queens are given on a large
 *  board (the empty 40 x 40 board needs over 2*10^7 nodes): node_limit
 *  bounds that work in a deterministic way. Returns 0; NQ_E_NOSOLUTION when
 *  no completion exists; NQ_E_TIMEOUT when the node limit was reached first;
 *  NQ_E_INVAL for an unknown order or options of an unknown version; the
 *  input errors above. On error `out`
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

/*! nq_complete_each_options() : nq_complete_each() with options (may be
 *  NULL: the defaults); their exclusions and progress are used. progress
 *  is called every 4096 search nodes with done = the nodes so far, total
 *  = 0 and solutions = the completions so far; non-zero stops the search
 *  (NQ_E_STOPPED), also where no completion has been found: a search can
 *  go a long while without one, and fn alone could not stop it. */
NQ_API int nq_complete_each_options(int n, const int *given,
                                    const nq_complete_options *options,
                                    nq_solution_fn fn, void *user,
                                    uint64_t *count);

/*! nq_complete_count() : counts the completions of `given` exactly, on
 *  `options->threads` threads (options may be NULL: the defaults; a
 *  negative number of threads stands for all cores, as 0 does). The
 *  search is split into subproblems that threads take in turn; the result
 *  does not depend on the thread count. Returns 0 (zero completions
 *  included); NQ_E_STOPPED when the progress callback cancelled it;
 *  NQ_E_OVERFLOW if the count would not fit in 64 bits; NQ_E_NOMEM;
 *  NQ_E_INVAL for options of an unknown version; an input error above.
 *  On error *count is 0. */
NQ_API int nq_complete_count(int n, const int *given,
                             const nq_complete_options *options,
                             uint64_t *count);

/* ------------------------------------------------------------------ */
/* Symmetry                                                           */
/* ------------------------------------------------------------------ */

/*! The 8 symmetries of the square, acting on a placement. Row 0 is the top
 *  row and column 0 the left column; (r, c) is the queen of row r. */
typedef enum nq_symmetry {
    NQ_SYM_IDENTITY = 0,    /* (r, c) -> (r, c) */
    NQ_SYM_ROT90 = 1,       /* quarter turn clockwise: (r, c) -> (c, n-1-r) */
    NQ_SYM_ROT180 = 2,      /* half turn: (r, c) -> (n-1-r, n-1-c) */
    NQ_SYM_ROT270 = 3,      /* quarter turn anticlockwise: -> (n-1-c, r) */
    NQ_SYM_MIRROR = 4,      /* left-right mirror: (r, c) -> (r, n-1-c) */
    NQ_SYM_FLIP = 5,        /* top-bottom flip: (r, c) -> (n-1-r, c) */
    NQ_SYM_DIAGONAL = 6,    /* transpose on the main diagonal: -> (c, r) */
    NQ_SYM_ANTIDIAGONAL = 7 /* transpose on the other: -> (n-1-c, n-1-r) */
} nq_symmetry;

/*! The number of symmetries: nq_symmetry values 0 to 7. */
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
/* Learning: the textbook algorithms, the search step by step         */
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

/*! The number of nq_classic_method values (0 to 2). */
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

/* ================================================================== */
/* 2. Options, and the encoded stream of solutions                    */
/* ================================================================== */

/*
 * How options grow without breaking callers (libgit2's pattern). Every
 * options struct opens with `unsigned version`, and a caller fills it
 * with its nq_*_options_init(&options, NQ_*_OPTIONS_VERSION) before
 * setting the fields it wants:
 *
 *     nq_count_options options;
 *     nq_count_options_init(&options, NQ_COUNT_OPTIONS_VERSION);
 *     options.threads = 2;
 *
 * The version records which fields the caller's struct has. A program
 * built against an older header goes on passing its older, smaller
 * struct: init writes, and every call reads, only the fields of that
 * version, and the fields added since take their defaults. A version of 0
 * (a struct never initialised) or one newer than the library knows is
 * refused: init and every call that takes the struct return NQ_E_INVAL.
 *
 * The rule for growing a struct: a new field goes at the end, after every
 * other, and the struct's NQ_*_OPTIONS_VERSION goes up by one; its
 * default is set by init and holds for callers of older versions; no
 * field is ever removed, moved, retyped or given another meaning; a new
 * value of an enum (an engine) goes at its end. The library keeps the
 * size of each version of each struct (src/common/options.c).
 */

/* ------------------------------------------------------------------ */
/* Options of a count                                                 */
/* ------------------------------------------------------------------ */

/*! The engine of a count. */
typedef enum nq_engine {
    NQ_ENGINE_AUTO = 0, /* the join where it fits the memory budget, whole
                           or in passes (n <= 23), else constellations */
    NQ_ENGINE_JOIN = 1, /* half-board join (meet in the middle): the fastest;
                           2 <= n <= 23; its memory is a table of the top
                           halves (the placements of the upper n/2 rows),
                           about 5 bytes each, a number that grows several
                           times over from one n to the next; where the
                           whole table does not fit the budget, built and
                           joined a part at a time (nq_plan_passes()) */
    NQ_ENGINE_CONSTELLATIONS = 2, /* start-constellation backtracking: any n,
                                     almost no memory */
    NQ_ENGINE_GPU = 3 /* the start constellations counted on an OpenCL
                         device (or a CUDA one: nq_gpu_api()), 1 <= n <=
                         32: the same ids and signature as
                         NQ_ENGINE_CONSTELLATIONS, so a checkpoint moves
                         between the two; the symmetric searches stay on
                         the CPU. AUTO takes it from n = 18 on where a
                         device of type GPU builds the kernel (never a
                         CPU device such as PoCL's). NQ_E_UNSUPPORTED in a
                         library built without the engine or with no
                         device */
} nq_engine;

/*! The version of nq_count_options that this header defines. */
#define NQ_COUNT_OPTIONS_VERSION 2

/*! Options of nq_count(), nq_plan_create(), nq_count_plan() and
 *  nq_checkpoint_run(). Start from nq_count_options_init(). The options of
 *  the plan that only checkpoints and MPI need are nq_plan_options
 *  (part 3). */
struct nq_count_options {
    unsigned version;        /* NQ_COUNT_OPTIONS_VERSION, set by init */
    int threads;             /* worker threads; 0 = all usable cores */
    uint64_t memory_bytes;   /* memory budget; 0 = the default (2 GiB) */
    nq_engine engine;        /* NQ_ENGINE_AUTO by default */
    nq_progress_fn progress; /* may be NULL */
    void *progress_user;     /* handed to progress */
    /* Version 2: the GPU engine. */
    /* NQ_ENGINE_GPU: the device, numbered from 0 as
     * nq_gpu_device_name() numbers them; -1 (the default): the first of
     * type GPU, else the first of any type. */
    int device;
    /* Where a GPU plan fails (NQ_E_DEVICE, NQ_E_UNSUPPORTED), a line for
     * the user naming the device and what failed, with the first lines of
     * the kernel's build log; written by nq_plan_create(), nq_count() and
     * the runs of the plan it makes (so it must outlive that plan; one
     * plan's runs on several threads at once may write it at once: give
     * such plans none). NULL (the default): no text. */
    char *device_message;
    size_t device_message_size; /* bytes at device_message */
};

/*! nq_count_options_init() : fills the fields that version `version` of
 *  the struct has with their defaults, and `version` itself. Pass
 *  NQ_COUNT_OPTIONS_VERSION. Returns 0, or NQ_E_INVAL for a NULL options
 *  or a version this library does not know (nothing written). */
NQ_API int nq_count_options_init(nq_count_options *options, unsigned version);

/*! nq_count_default_threads() : the number of worker threads that
 *  `threads = 0` stands for: the cores this process may run on (its CPU
 *  affinity, as taskset, a container's cpuset or mpirun's binding set it;
 *  the online cores where it cannot be read), at least 1, at most
 *  NQ_MAX_THREADS. */
NQ_API int nq_count_default_threads(void);

/*! nq_gpu_api() : the device API the GPU engine was built on: "OpenCL"
 *  (the default), "CUDA" (a build with -DNQ_GPU_API=CUDA, for an NVIDIA
 *  driver that shows no OpenCL platform), or "none" (built without the
 *  engine). A static string. */
NQ_API const char *nq_gpu_api(void);

/*! nq_gpu_device_count() : the devices found: on OpenCL every platform's,
 *  GPU or not, in the loader's order; on CUDA the driver's GPUs. 0 when
 *  none; NQ_E_UNSUPPORTED in a library built without the engine. */
NQ_API int nq_gpu_device_count(void);

/*! nq_gpu_device_name() : a line naming device `index` (0 ..
 *  nq_gpu_device_count() - 1) for a listing: its name, kind (gpu, cpu,
 *  accelerator), compute units, platform and OpenCL version (on CUDA: its
 *  multiprocessors, the driver's version and the compute capability),
 *  written to name[0..size). Returns 0, NQ_E_INVAL (no such device, NULL,
 *  size 0), NQ_E_UNSUPPORTED (built without the engine; name says so). */
NQ_API int nq_gpu_device_name(int index, char *name, size_t size);

/* ------------------------------------------------------------------ */
/* Options of the solution stream; solutions as bytes                 */
/* ------------------------------------------------------------------ */

/*! The version of nq_solve_options that this header defines. */
#define NQ_SOLVE_OPTIONS_VERSION 1

/*! Options of nq_solve(), nq_solve_unique() and nq_solve_encoded(). Start
 *  from nq_solve_options_init(). */
struct nq_solve_options {
    unsigned version;    /* NQ_SOLVE_OPTIONS_VERSION, set by init */
    int threads;         /* search threads; 0 = all usable cores; 1 = the
                            search runs on the calling thread alone */
    size_t buffer_bytes; /* about the most memory that holds solutions
                            found ahead of their turn (never less than
                            32 KiB a thread); 0 = the default (8 MiB) */
};

/*! The most search threads nq_solve() starts: NQ_MAX_THREADS (a larger
 *  number runs on that many). Kept for the programs that name it. */
#define NQ_SOLVE_MAX_THREADS NQ_MAX_THREADS

/*! nq_solve_options_init() : the defaults, for version `version` of the
 *  struct (NQ_SOLVE_OPTIONS_VERSION), as nq_count_options_init(). */
NQ_API int nq_solve_options_init(nq_solve_options *options, unsigned version);

/*! How nq_solve_encoded() turns solutions into bytes and hands them on. */
typedef struct nq_solve_encoder {
    /* Writes the bytes of `count` solutions to out, which has room for
     * count * max_bytes, and returns how many it wrote; cols[i * n + r] is
     * the 0-based column of row r in the i-th solution, the solutions in
     * order. Called on the search threads, several at once, each call on
     * a run of solutions that follow one another: it must not change what
     * user points to, and it cannot know where a run stands in the whole
     * sequence (no solution numbers). */
    size_t (*encode)(const unsigned char *cols, size_t count, int n, char *out,
                     void *user);
    /* Takes the bytes of the next `count` solutions, in order, on the
     * calling thread, never concurrently; non-zero stops the run. */
    int (*emit)(const char *bytes, size_t len, size_t count, void *user);
    size_t max_bytes; /* the most bytes encode writes for one solution:
                         1 to NQ_SOLVE_MAX_ENCODED */
    void *user;       /* handed to both */
} nq_solve_encoder;

/*! The most bytes one solution may take in nq_solve_encoded(). */
#define NQ_SOLVE_MAX_ENCODED 4096

/*! nq_solve_encoded() : every solution of n queens, in the order of
 *  nq_solve(), turned into bytes by encoder->encode on the search threads
 *  (so that the text of a stream is made in parallel) and handed to
 *  encoder->emit in order on the calling thread, a run of solutions at a
 *  time (a few thousand; with one thread the calling thread encodes too).
 *  The bytes handed on are the same for any number of threads only when
 *  encode's output for a run is the concatenation of its output for each
 *  solution alone. Options, memory and errors as nq_solve();
 *  NQ_E_INVAL also for a NULL encoder or function, or max_bytes out of
 *  range (nothing called); NQ_E_STOPPED when emit returned non-zero. */
NQ_API int nq_solve_encoded(int n, const nq_solve_options *options,
                            const nq_solve_encoder *encoder);

/* ------------------------------------------------------------------ */
/* Options of the completion                                          */
/* ------------------------------------------------------------------ */

/*! The version of nq_complete_options that this header defines. */
#define NQ_COMPLETE_OPTIONS_VERSION 2

/*! Options of the completion functions. Start from
 *  nq_complete_options_init(). */
struct nq_complete_options {
    /* NQ_COMPLETE_OPTIONS_VERSION, set by init */
    unsigned version;
    /* count: worker threads; 0 = all usable cores */
    int threads;
    /* first: give up with NQ_E_TIMEOUT after this many search nodes;
     * 0 = no limit (the default) */
    uint64_t node_limit;
    /* count: may be NULL; `total` counts the subproblems of the split;
     * each: called every 4096 search nodes (nq_complete_each_options) */
    nq_progress_fn progress;
    /* handed to progress */
    void *progress_user;
    /* every call: squares and diagonals where no queen may stand; NULL =
     * none (the default). Read during the call only. */
    const nq_complete_exclusions *exclusions;
};

/*! nq_complete_options_init() : the defaults, for version `version` of the
 *  struct (NQ_COMPLETE_OPTIONS_VERSION), as nq_count_options_init(). */
NQ_API int nq_complete_options_init(nq_complete_options *options,
                                    unsigned version);

/* ================================================================== */
/* 3. Counting by subproblems: what threads, checkpoints, MPI share   */
/* ================================================================== */

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
 *  (may be NULL): the engine, chosen by options->engine and the memory
 *  budget, and for the join its table of half boards, built on
 *  options->threads threads (the costly part of a join's set-up, growing
 *  with the table: see NQ_ENGINE_JOIN); for NQ_ENGINE_GPU the device
 *  opened and its kernel built (seconds the first time, cached after).
 *  Returns 0 and sets *plan, or NQ_E_RANGE, NQ_E_INVAL, NQ_E_NOMEM,
 *  NQ_E_UNSUPPORTED and NQ_E_DEVICE (NQ_ENGINE_GPU: no device, or one
 *  that cannot build the kernel; options->device_message says which).
 *  Free with nq_plan_free(). */
NQ_API int nq_plan_create(int n, const nq_count_options *options,
                          nq_plan **plan);

/*! How processes that share the census of a count add up their parts
 *  (see nq_plan_options): counts[0 .. len) must become their sums over
 *  all the processes. Returns 0, or non-zero where it could not. */
typedef int (*nq_census_sum_fn)(void *user, uint32_t *counts, uint64_t len);

/*! The version of nq_plan_options that this header defines. */
#define NQ_PLAN_OPTIONS_VERSION 3

/*! What only the drivers of a count in many processes or with a
 *  checkpoint ask of its plan (nq_plan_create_ex()), beside the
 *  everyday nq_count_options. Start from nq_plan_options_init(); it grows
 *  by the rule of part 2. */
typedef struct nq_plan_options {
    unsigned version;    /* NQ_PLAN_OPTIONS_VERSION, set by init */
    unsigned min_passes; /* the join: cut into at least this many passes
                            (each pass about 1/min_passes of the table or
                            less) even where fewer fit the budget, so that
                            a killed checkpointed run loses, and an MPI
                            rank holds, little work; 0 or 1: as few
                            passes as the budget allows. Where the
                            smallest cut the join can make is coarser,
                            that cut. The ids do not change. */
    /* The census of the join in passes (the tops of every group, walked
     * before the cut is made) split between processes that make the same
     * plan, as the ranks of nqueens-mpi: with census_parts > 1 this one
     * walks part census_part (< census_parts) alone and calls census_sum
     * with its counts, which must add to each the same count of every
     * other part (an all-reduce: the parts add up to the whole census).
     * census_sum is called exactly once by nq_plan_create_ex(), also
     * where no census is walked (counts NULL, len 0), so that the
     * processes stay in step; where it returns non-zero, the process
     * walks the whole census itself. 0: no split. */
    unsigned census_part;
    unsigned census_parts;
    nq_census_sum_fn census_sum;
    void *census_user; /* handed to census_sum */
    /* A census kept from an earlier plan of the same n (nq_plan_census();
     * a checkpoint keeps it, nq_checkpoint_census()), taken instead of
     * walking one where census_len is a whole number of its shares (else
     * ignored): on any number of threads it cuts the passes; made on as
     * many threads as this plan, or on more whose shares this plan's
     * divide (one thread: any census; its shares are then added up into
     * this plan's), it also spares each pass's build the walk that
     * counts its tops. A pass's table built from a
     * census that does not match the tops fails with NQ_E_CORRUPT, never
     * giving a wrong count. NULL: walk it. */
    const uint32_t *census;
    uint64_t census_len;
    /* Version 2. Non-zero: where no census is given or shared, cut the
     * passes from an estimate of the tops (seeded random probes,
     * milliseconds where the walk takes minutes from n = 22 on), sized to
     * 7/8 of the budget for the estimate's error, each pass's build then
     * counting its own tops. For a run that counts part of the plan
     * (`count --part`): it builds the tables of its own passes alone, so a
     * walk of every top would be most of its overhead. 0 (the default):
     * walk the census. */
    int census_estimate;
    /* Version 3. The plan of part `part` (1 .. parts) of a count in
     * `parts` parts (nq_plan_part_ids()), where parts > 1: the join's
     * passes are cut for that part's units alone (the groups that only
     * other parts read weigh nothing in the cut, and min_passes counts
     * the part's tops), so that a part builds its share of the table in
     * a few passes, not a share of each of the whole plan's. The ids and
     * the signature do not change; a run of other ids still counts them
     * right, in more passes. 0 (the default): the whole plan. */
    unsigned part;
    unsigned parts;
} nq_plan_options;

/*! nq_plan_options_init() : the defaults (no passes asked for, no census
 *  shared or given), for version `version` of the struct
 *  (NQ_PLAN_OPTIONS_VERSION), as nq_count_options_init(). */
NQ_API int nq_plan_options_init(nq_plan_options *options, unsigned version);

/*! nq_plan_create_ex() : nq_plan_create() with the plan's options as well
 *  (`plan_options` may be NULL: the defaults, which make the plan of
 *  nq_plan_create()). Returns as nq_plan_create(); NQ_E_INVAL also for
 *  census_parts > 1 without census_sum or with census_part >=
 *  census_parts, or plan options of an unknown version. */
NQ_API int nq_plan_create_ex(int n, const nq_count_options *options,
                             const nq_plan_options *plan_options,
                             nq_plan **plan);

/*! nq_count_plan() : nq_count() on a plan made by nq_plan_create(), so
 *  that a caller who wants the plan's signature builds it only once
 *  (options->threads and the progress callback are used). */
NQ_API int nq_count_plan(const nq_plan *plan, const nq_count_options *options,
                         nq_count_result *result);

/*! nq_plan_free() : releases a plan; NULL is allowed. */
NQ_API void nq_plan_free(nq_plan *plan);

/*! nq_plan_size() : the number of subproblems (ids are 0..size-1). */
NQ_API uint64_t nq_plan_size(const nq_plan *plan);

/*! nq_plan_engine() : the engine the plan runs on (never NQ_ENGINE_AUTO). */
NQ_API nq_engine nq_plan_engine(const nq_plan *plan);

/*! nq_plan_device() : the number of the device that counts a plan of
 *  NQ_ENGINE_GPU (as nq_gpu_device_name() numbers them); -1 for a plan
 *  of another engine. */
NQ_API int nq_plan_device(const nq_plan *plan);

/*! nq_plan_id_engine() : the engine that counts subproblem `id` of
 *  `plan`, as a checkpoint records it: the plan's engine, but for the
 *  symmetric searches (sym180, sym90) of a plan of NQ_ENGINE_GPU, which
 *  the CPU's threads count as the constellations do
 *  (NQ_ENGINE_CONSTELLATIONS). NQ_ENGINE_AUTO for an id past the plan. */
NQ_API nq_engine nq_plan_id_engine(const nq_plan *plan, uint64_t id);

/*! nq_plan_n() : the board size of the plan. */
NQ_API int nq_plan_n(const nq_plan *plan);

/*! nq_plan_passes() : the passes a run of every id makes: 1, but for the
 *  join whose whole table of half boards does not fit the memory budget,
 *  which builds, joins and frees one part of the table a pass. The cut
 *  into passes does not change what the ids mean (nor the signature): a
 *  checkpoint resumes under another budget. nq_plan_run() builds the
 *  table of each pass that its ids touch, so a run of a few ids from many
 *  passes costs many builds; nq_plan_count_one() builds the pass of its
 *  one id. */
NQ_API uint64_t nq_plan_passes(const nq_plan *plan);

/*! nq_plan_pass_of() : the pass whose table subproblem `id` reads, from 0
 *  to nq_plan_passes() - 1 (0 for every join id of a plan in one pass);
 *  NQ_PLAN_NO_PASS for an id that reads no table (the symmetric searches,
 *  constellations) or is out of range. A driver that hands out ids (MPI,
 *  a scheduler of its own) keeps the ids of one pass together, so that
 *  each pass's table is built once. */
#define NQ_PLAN_NO_PASS UINT64_MAX
NQ_API uint64_t nq_plan_pass_of(const nq_plan *plan, uint64_t id);

/*! nq_plan_census() : the census of the tops that a join in passes keeps
 *  (walked, or given by nq_plan_options.census on as many threads or on
 *  more, added up into this plan's shares), for a later plan of the same
 *  n: *counts (valid until nq_plan_free()) and *len; NULL and 0 where it
 *  keeps none (constellations, a whole table, a census given for threads
 *  whose shares this plan's do not divide, or a census larger than a
 *  sixteenth of the budget: each pass then counts its tops itself). */
NQ_API void nq_plan_census(const nq_plan *plan, const uint32_t **counts,
                           uint64_t *len);

/*! nq_plan_pass_bytes() : the bytes the largest pass's table takes while
 *  it is built, for a plan in passes (nq_plan_passes() > 1); 0 for any
 *  other plan, whose memory is held once it is made. */
NQ_API uint64_t nq_plan_pass_bytes(const nq_plan *plan);

/*! nq_plan_tops() : for a join in passes, the tops of its whole table
 *  and the tops its passes build between them (odd n builds each top in
 *  two or three passes), as the cut counted them (from an estimate where
 *  the plan's census was estimated, nq_plan_options.census_estimate);
 *  0 and 0 for any other plan. For a projection of the cost of passes
 *  against one whole table (bench/passes.c). */
NQ_API void nq_plan_tops(const nq_plan *plan, uint64_t *tops, uint64_t *built);

/*! nq_plan_signature() : a short printable string naming the engine, n and
 *  every parameter that shapes the ids, such as "constellations/1 n=17
 *  rows=3". Two plans with equal signatures have the same ids meaning the
 *  same work: checkpoints record it and refuse a mismatch. */
NQ_API const char *nq_plan_signature(const nq_plan *plan);

/*! What nq_plan_create() would make, told without making it
 *  (nq_plan_outline()): the engine and the join's cut into passes as
 *  nq_plan_create() chooses them, and the sizes a model of the count's
 *  cost needs. */
typedef struct nq_outline {
    nq_engine engine;   /* NQ_ENGINE_JOIN, _CONSTELLATIONS or _GPU (asked
                           for; AUTO is told without looking for one) */
    char signature[64]; /* what nq_plan_signature() would say */
    uint64_t passes;    /* the join's passes (1: the whole table) */
    uint64_t pieces;    /* the engine's units or constellations */
    uint64_t groups;    /* the join: the groups of its whole table */
    double tops;        /* the join: the tops of its whole table */
    double built;       /* the join in passes: the tops its passes build
                           (odd n: some twice); else `tops` */
    uint64_t held;      /* the join in passes: the groups its passes'
                           tables hold; else `groups` */
    uint64_t bytes;     /* the most memory the count holds: the units and
                           the whole table, or the units, the filter and
                           census beside a pass, and the largest pass's
                           table */
    int census;         /* the join in passes: 1, its plan walks the census
                           of every top first (its cost is that of building
                           the whole table once); else 0 */
} nq_outline;

/*! nq_plan_outline() : the outline of the plan that nq_plan_create_ex()
 *  makes of the count of n under `options` and `plan_options` (either may
 *  be NULL: the defaults; of the plan options only min_passes is read), in
 *  milliseconds at
 *  any n: the tops of each group of the join, which nq_plan_create()
 *  counts by walking them all (minutes from n = 22 on), are estimated by
 *  a fixed sample of random probes (the same every call), and the cut
 *  into passes is made from them by the plan's own logic. So `tops`,
 *  `built`, `bytes` and even `passes` are estimates (within a few percent
 *  of the plan's where measured: bench/README.md), and from n = 19 on a
 *  budget close to what the plan needs may be judged either way; up to
 *  n = 18 a join in passes is cut from the census, walked as the plan
 *  walks it (under a second), so the engine, the passes and NQ_E_NOMEM
 *  are the plan's. Returns 0, NQ_E_RANGE,
 *  NQ_E_INVAL, NQ_E_NOMEM or NQ_E_UNSUPPORTED (NQ_ENGINE_GPU in a library
 *  built without the engine, where no device is found, or with a device
 *  number past the last: options->device_message says so) as
 *  nq_plan_create_ex() would. The device itself is not opened: one that is
 *  there but cannot build the kernel fails the plan, not the outline. */
NQ_API int nq_plan_outline(int n, const nq_count_options *options,
                           const nq_plan_options *plan_options,
                           nq_outline *out);

/*! nq_plan_count_one() : solves subproblem `id` on the calling thread (a
 *  constellation of a plan of NQ_ENGINE_GPU: on its device). Returns 0,
 *  NQ_E_INVAL for an id out of range, NQ_E_OVERFLOW, NQ_E_DEVICE. */
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
 *  NQ_E_INVAL, NQ_E_OVERFLOW, NQ_E_NOMEM, NQ_E_DEVICE (a plan of
 *  NQ_ENGINE_GPU whose device failed). A GPU plan counts its symmetric
 *  ids on the threads, then its constellations on the device, in the
 *  order given, a batch at a time (`done` hears of a batch's ids when the
 *  whole batch is counted). */
NQ_API int nq_plan_run(const nq_plan *plan, const uint64_t *ids, size_t nids,
                       int threads, nq_subproblem_fn done, void *user);

/*! nq_subcount_add() : *sum += *add, every field checked. Returns 0 or
 *  NQ_E_OVERFLOW (and leaves *sum unchanged). */
NQ_API int nq_subcount_add(nq_subcount *sum, const nq_subcount *add);

/*! nq_plan_part_ids() : the ids of part `part` (1..parts) of the plan cut
 *  into `parts` (1..NQ_PARTS_MAX), ascending, into ids[0..*count) where
 *  capacity allows (ids may be NULL to ask *count first). The cut is a
 *  function of the plan's signature and `parts` alone (not of threads or
 *  the memory budget), so that processes on any machines agree on it,
 *  and balanced by estimated work (docs/engines.md gives the rule): the
 *  ids are gathered into groups (of the join: the units of one class of
 *  patterns on the outer columns, which read the same part of the table;
 *  else each id alone), each group's work is estimated, and the groups,
 *  the costliest first, go each to the part with the least work so far.
 *  A part may be empty where there are fewer groups than parts. Returns
 *  0, NQ_E_INVAL, NQ_E_NOMEM. */
NQ_API int nq_plan_part_ids(const nq_plan *plan, unsigned part, unsigned parts,
                            uint64_t *ids, size_t capacity, size_t *count);

/*! nq_plan_recount() : counts subproblem `id` again with code
 *  independent of the plan's engine, for an audit: a join unit's halves
 *  listed by a plain search and their disjoint pairs counted by splitting
 *  on bits; a constellation's border queens placed and the rest searched
 *  by plain backtracking; the queen of row 0 and its orbit for the
 *  symmetric searches. Returns 0, NQ_E_INVAL, NQ_E_OVERFLOW, NQ_E_NOMEM. */
NQ_API int nq_plan_recount(const nq_plan *plan, uint64_t id, nq_subcount *out);

/*! nq_plan_recount_ids() : nq_plan_recount() of ids[0..nids) on
 *  `threads` threads (0 = all cores), `done` called as nq_plan_run()
 *  calls it. Returns 0, NQ_E_STOPPED, NQ_E_INVAL, NQ_E_OVERFLOW,
 *  NQ_E_NOMEM. */
NQ_API int nq_plan_recount_ids(const nq_plan *plan, const uint64_t *ids,
                               size_t nids, int threads, nq_subproblem_fn done,
                               void *user);

/*! nq_engine_name() : "join", "constellations", "gpu" or "auto" (the
 *  word a checkpoint's provenance records for the engine), or NULL for
 *  a value that is no nq_engine. */
NQ_API const char *nq_engine_name(nq_engine engine);

/*! nq_count_result_of() : the result of a count of n from the sum over
 *  all its subproblems (the plan's own nq_plan_result() without the
 *  plan, for a merge of files). Returns 0 or NQ_E_INVAL for a sum that
 *  is no whole count. */
NQ_API int nq_count_result_of(int n, const nq_subcount *sum,
                              nq_count_result *result);

/*! nq_plan_result() : turns the sum over ALL subproblems of a plan into the
 *  final result (adds what the plan counts outside its subproblems, derives
 *  unique). Returns 0, NQ_E_OVERFLOW, or NQ_E_INVAL for a NULL argument or
 *  a sum that is no whole count (as nq_count_result_of()). */
NQ_API int nq_plan_result(const nq_plan *plan, const nq_subcount *sum,
                          nq_count_result *result);

/* ================================================================== */
/* 4. Checkpoints                                                     */
/* ================================================================== */

/*
 * A checkpoint keeps the finished subproblems of one plan, with their
 * counts, in an SQLite database at a path the caller hands over, so that a
 * count that was stopped or killed resumes where it was. Results are
 * gathered in memory and written in batches, one transaction each (at most
 * every `interval` seconds, and on nq_checkpoint_commit()); a process
 * killed at any moment loses at most the batch since the last commit.
 *
 * The database records the format version (PRAGMA user_version), n, the
 * plan's signature and size; every row carries a check value over its
 * fields, so a damaged row is detected, never trusted. A join in passes
 * also keeps the census of its tops (meta keys census, census_len and
 * census_check; nq_checkpoint_save_census()). `sqlite3 FILE`
 * shows the tables `meta` (key, value) and `done` (id, total, sym180,
 * sym90, checksum) and the view `progress` (done, size, solutions).
 * Counts are stored as SQLite's signed 64-bit integers
 * (values above 2^63 show as negative there; the library reads them back
 * exactly).
 *
 * One run at a time: an open checkpoint holds an exclusive advisory lock
 * (flock) on its file until it is closed, and a second open of the same
 * file, from this process or another, is refused with NQ_E_BUSY. The
 * kernel releases the lock when the process ends, also by SIGKILL, so a
 * file never stays locked by a run that is gone. Readers
 * (nq_checkpoint_read) do not take it and work while a run holds it. The
 * lock is as good as the file system's flock(): on Linux's local file
 * systems it is exact; on NFS it is emulated with fcntl locks, which get in
 * the way of SQLite's own (keep checkpoints on a local disk).
 *
 * One checkpoint object is used by one thread at a time.
 */

/*! The format version this library writes; it reads this one and format
 *  1 (whose rows carry no provenance), and makes a format 1 file format 2
 *  when a run resumes it. */
#define NQ_CHECKPOINT_FORMAT 2

/*! The longest provenance text (engine, version, host), with its NUL. */
#define NQ_PROVENANCE_MAX 64

/*! The most parts a plan is cut into (nq_plan_part_ids()). */
#define NQ_PARTS_MAX 1000000u

/*! The version of nq_plan_part_ids()'s rule, which a file of parts
 *  records: parts cut by two rules are refused by a merge. */
#define NQ_PART_RULE 2

/*! The longest plan signature a checkpoint records, with its NUL. */
#define NQ_CHECKPOINT_SIGNATURE_MAX 256

/*! The default seconds between two commits. */
#define NQ_CHECKPOINT_INTERVAL 10.0

/*! An open checkpoint (opaque): made by nq_checkpoint_open(), freed by
 *  nq_checkpoint_close(). */
typedef struct nq_checkpoint nq_checkpoint;

/*! What a checkpoint file holds, as nq_checkpoint_read() finds it. */
typedef struct nq_checkpoint_info {
    int format; /* format version of the file */
    int n;      /* board size */
    char signature[NQ_CHECKPOINT_SIGNATURE_MAX]; /* the plan's signature */
    uint64_t size;                               /* subproblems in the plan */
    uint64_t done;     /* subproblems finished (saved, or recorded in an open
                          checkpoint and not yet committed) */
    nq_subcount sum;   /* sum of the saved subproblems' counts */
    double seconds;    /* wall time the runs spent, over all sessions */
    int64_t created;   /* when the file was made (Unix time) */
    int64_t saved;     /* the last commit (Unix time) */
    uint64_t sessions; /* runs that saved work in it */
    int complete;      /* 1 when a final result was recorded (2: one
                          whose check fails, nq_checkpoint_units only) */
    nq_count_result result; /* the final result, when complete */
    unsigned parts;         /* a file of parts: the M parts of the plan;
                               0: a file of the whole plan */
    unsigned part;          /* a file of one part: its K (1..M); else 0 */
    uint64_t parts_held;    /* the parts the file holds (0: whole plan) */
    uint64_t part_size;     /* the subproblems of those parts (size for a
                               file of the whole plan) */
    int part_rule;          /* a file of parts: the NQ_PART_RULE that cut
                               them */
} nq_checkpoint_info;

/*! One finished subproblem as a file records it, with its provenance. */
typedef struct nq_unit_record {
    uint64_t id;                     /* the subproblem's id in the plan */
    nq_subcount count;               /* what it contributes */
    char engine[NQ_PROVENANCE_MAX];  /* what counted it ("join",
                                        "constellations", ...); "" unknown */
    char version[NQ_PROVENANCE_MAX]; /* the library's version */
    char host[NQ_PROVENANCE_MAX];    /* the machine's name */
    int64_t at;                      /* when (Unix time); 0 unknown */
    int intact; /* 1: the row's fields and check value are sound */
} nq_unit_record;

/*! Called once per row by nq_checkpoint_units(); non-zero stops. */
typedef int (*nq_unit_fn)(const nq_unit_record *unit, void *user);

/*! Called once per part a file holds by nq_checkpoint_parts(). */
typedef int (*nq_part_fn)(unsigned part, uint64_t size, void *user);

/*! nq_checkpoint_open() : opens the checkpoint at `path` for a plan of
 *  board size `n` with `signature` (nq_plan_signature) and `size`
 *  subproblems, creating it when no file is there. A new file appears under
 *  `path` only complete (it is built beside it and linked into place, and
 *  locked before it is linked, so that of two runs started at once on a
 *  new path the one that made the file keeps it). The file stays locked
 *  for this run until nq_checkpoint_close(). An existing file is locked,
 *  then checked before anything is written to it: every row is read back
 *  and verified. Returns 0 and sets *cp, or
 *    NQ_E_BUSY           another open checkpoint (another run) holds the
 *                        file; it is not read (nothing waits);
 *    NQ_E_CHECKPOINT     the file is a checkpoint of another n, signature,
 *                        size or format (nq_checkpoint_read says which);
 *    NQ_E_NOTCHECKPOINT  the file is not an nqueens checkpoint (not SQLite,
 *                        or an SQLite database of something else);
 *    NQ_E_CORRUPT        the file is a damaged checkpoint;
 *    NQ_E_IO             the file cannot be created, opened or read;
 *    NQ_E_INVAL          a NULL argument, size 0, a signature empty or
 *                        too long;
 *    NQ_E_RANGE          n outside 1..NQ_MAX_N;
 *    NQ_E_NOMEM.
 *  A refused file is left as it was. */
NQ_API int nq_checkpoint_open(const char *path, int n, const char *signature,
                              uint64_t size, nq_checkpoint **cp);

/*! nq_checkpoint_open_part() : nq_checkpoint_open() for part `part`
 *  (1..parts) of a plan cut into `parts` by nq_plan_part_ids(), whose ids
 *  are ids[0..nids): the file records the part, only those ids are
 *  pending and may be recorded, and an existing file must be of the same
 *  part (else NQ_E_CHECKPOINT). nq_checkpoint_run() on it counts the part
 *  alone. Errors as nq_checkpoint_open(); NQ_E_INVAL also for a part out
 *  of range or an id out of range or given twice. */
NQ_API int nq_checkpoint_open_part(const char *path, int n,
                                   const char *signature, uint64_t size,
                                   unsigned part, unsigned parts,
                                   const uint64_t *ids, size_t nids,
                                   nq_checkpoint **cp);

/*! nq_checkpoint_create_parts() : makes a new file at `path` (none may be
 *  there: NQ_E_IO) for the merge of files: of the whole plan (parts 0,
 *  nheld 0) or of the parts held[0..nheld) (ascending) of `parts`, of
 *  sizes[i] subproblems each. Rows go in with nq_checkpoint_record_unit();
 *  where they make the whole plan, nq_checkpoint_finish() records the
 *  result. Errors as nq_checkpoint_open(). */
NQ_API int nq_checkpoint_create_parts(const char *path, int n,
                                      const char *signature, uint64_t size,
                                      unsigned parts, const unsigned *held,
                                      const uint64_t *sizes, size_t nheld,
                                      nq_checkpoint **cp);

/*! nq_checkpoint_set_provenance() : what the rows recorded from now on
 *  name as their engine and host (NULL: unchanged). An open checkpoint
 *  names no engine ("") and the host's name (uname) until told;
 *  nq_checkpoint_run() names the engine of each row it records where none
 *  was set (the plan's, or the CPU's for a GPU plan's symmetric searches,
 *  nq_plan_id_engine()), and leaves none set when it returns. The
 *  rows recorded before are committed first. Returns 0, NQ_E_INVAL for
 *  a text too long (or an empty host), NQ_E_IO. */
NQ_API int nq_checkpoint_set_provenance(nq_checkpoint *cp, const char *engine,
                                        const char *host);

/*! nq_checkpoint_record_unit() : nq_checkpoint_record() of a row read
 *  from another file (a merge), its provenance kept as it is; a
 *  provenance field with no NUL in its NQ_PROVENANCE_MAX bytes is
 *  NQ_E_INVAL. */
NQ_API int nq_checkpoint_record_unit(nq_checkpoint *cp,
                                     const nq_unit_record *unit);

/*! nq_checkpoint_units() : reads the checkpoint at `path` without
 *  changing it and calls `fn` for every row in id order, a damaged row
 *  too (unit->intact 0: a field of the wrong type, a check value that
 *  fails, an id out of range), so that an audit can say which rows are
 *  damaged. The header must be sound. *info (may be NULL) gets the
 *  header, `done` the rows read and `sum` the counts of the intact ones
 *  among them; once every row was read, `complete` and `result` the final
 *  result the file records, if any, as recorded: not held against the
 *  rows (an audit compares it with nq_count_result_of() of `sum`), and
 *  `complete` 2 where its check value fails (damaged, as a row can be).
 *  Returns 0, NQ_E_STOPPED when fn stopped it, or nq_checkpoint_read()'s
 *  errors for the header (NQ_E_CORRUPT also for intact rows whose sum
 *  overflows). */
NQ_API int nq_checkpoint_units(const char *path, nq_unit_fn fn, void *user,
                               nq_checkpoint_info *info);

/*! nq_checkpoint_parts() : calls `fn` for each part the (verified)
 *  checkpoint at `path` holds, ascending; none for a file of the whole
 *  plan. Returns 0, NQ_E_STOPPED, or nq_checkpoint_read()'s errors. */
NQ_API int nq_checkpoint_parts(const char *path, nq_part_fn fn, void *user);

/*! A merge of checkpoint files (opaque): nq_merge_new(), a file at a
 *  time nq_merge_add(), then the sums (nq_merge_info()) or a file of them
 *  (nq_merge_write()), and nq_merge_free(). It holds every subproblem in
 *  memory, about 48 bytes each. */
typedef struct nq_merge nq_merge;

/*! nq_merge_new() : an empty merge. Returns 0, NQ_E_INVAL, NQ_E_NOMEM. */
NQ_API int nq_merge_new(nq_merge **merge);

/*! nq_merge_add() : verifies the checkpoint at `path` in full and adds its
 *  rows and parts. Returns 0, or
 *    NQ_E_CHECKPOINT  a file of another plan (n, signature, size) or of
 *                     another cut into parts than the files before, or
 *                     that does not add up with them (a part held with
 *                     two sizes; parts or rows beyond the plan's size;
 *                     sessions or seconds beyond what a file records);
 *    NQ_E_MISMATCH    a subproblem that an earlier file has with another
 *                     count: conflict[0] (the earlier) and conflict[1] get
 *                     both records, provenance included (conflict may be
 *                     NULL);
 *    NQ_E_CORRUPT     a damaged file: where a row of it is damaged (a
 *                     check value that fails, a field of the wrong type,
 *                     an id out of range), conflict[0] gets the first
 *                     such row, its intact 0; else conflict[0].intact is
 *                     1 (the damage is elsewhere in the file). No
 *                     damaged row is ever added;
 *    nq_checkpoint_read()'s errors, NQ_E_OVERFLOW, NQ_E_NOMEM.
 *  The same subproblem with the same count in two files is taken once. On
 *  error the merge may hold part of the file: free it. */
NQ_API int nq_merge_add(nq_merge *merge, const char *path,
                        nq_unit_record conflict[2]);

/*! nq_merge_info() : the union so far, as nq_checkpoint_read() would
 *  describe a file of it: done, sum, the parts held and their size
 *  (part_size), the sessions and seconds of all files, and complete with
 *  the result once every subproblem of the plan is there. */
NQ_API void nq_merge_info(const nq_merge *merge, nq_checkpoint_info *info);

/*! nq_merge_parts() : calls `fn` for each part the merge holds,
 *  ascending. Returns 0, NQ_E_STOPPED, NQ_E_INVAL. */
NQ_API int nq_merge_parts(const nq_merge *merge, nq_part_fn fn, void *user);

/*! nq_merge_write() : writes the union as a new checkpoint at `path`
 *  (there must be no file there), its parts and rows with their
 *  provenance, and the result where it is complete: a file that merges
 *  again and that `status` and `audit` read. Returns 0,
 *  nq_checkpoint_create_parts()'s errors, NQ_E_IO. */
NQ_API int nq_merge_write(const nq_merge *merge, const char *path);

/*! nq_merge_free() : releases a merge; NULL is allowed. */
NQ_API void nq_merge_free(nq_merge *merge);

/*! nq_checkpoint_in_use() : whether an open checkpoint (another run)
 *  holds the file at `path` now: a quick look before the costly part of a
 *  run (the join's table is the costly part at large n), so that
 *  a second run is refused at once. nq_checkpoint_open decides all the
 *  same. It takes a shared lock for an instant, so an open at that very
 *  instant may be refused: of two runs, still exactly one goes on.
 *  Returns NQ_E_BUSY when held, else 0 (also when there is no file or it
 *  cannot be opened: nq_checkpoint_open reports that), NQ_E_INVAL for a
 *  NULL path. */
NQ_API int nq_checkpoint_in_use(const char *path);

/*! nq_checkpoint_read() : reads and verifies the checkpoint at `path`
 *  without changing it (for a status display, or to say why a file was
 *  refused). Returns 0, NQ_E_NOTCHECKPOINT, NQ_E_CORRUPT, NQ_E_IO (no such
 *  file among others), NQ_E_INVAL, NQ_E_NOMEM; NQ_E_BUSY when SQLite's
 *  lock on the file (which a run holds while it saves) was not had within
 *  10 seconds. A file of a newer format gives NQ_E_CHECKPOINT with only
 *  info->format set. */
NQ_API int nq_checkpoint_read(const char *path, nq_checkpoint_info *info);

/*! nq_checkpoint_info_get() : what the open checkpoint holds now, the
 *  results recorded but not yet committed included. */
NQ_API void nq_checkpoint_info_get(const nq_checkpoint *cp,
                                   nq_checkpoint_info *info);

/*! nq_checkpoint_pending() : stores the ids not finished yet, ascending,
 *  in ids[0..*count-1]. `capacity` must be at least size - done. Returns 0
 *  or NQ_E_INVAL. */
NQ_API int nq_checkpoint_pending(const nq_checkpoint *cp, uint64_t *ids,
                                 size_t capacity, size_t *count);

/*! nq_checkpoint_set_interval() : seconds between automatic commits
 *  (NQ_CHECKPOINT_INTERVAL by default; 0 commits every result). */
NQ_API void nq_checkpoint_set_interval(nq_checkpoint *cp, double seconds);

/*! nq_checkpoint_record() : records that subproblem `id` is finished with
 *  `count`, and commits the batch when the interval has passed. Returns 0,
 *  NQ_E_INVAL for an id out of range or already recorded (nothing is
 *  changed), NQ_E_OVERFLOW when the sum would not fit, or the error of the
 *  commit (NQ_E_IO; the batch is then kept in memory for the next try). */
NQ_API int nq_checkpoint_record(nq_checkpoint *cp, uint64_t id,
                                const nq_subcount *count);

/*! nq_checkpoint_commit() : writes the recorded batch in one transaction
 *  and waits until it is on disk. Returns 0 or NQ_E_IO (the batch is kept
 *  for the next try). */
NQ_API int nq_checkpoint_commit(nq_checkpoint *cp);

/*! nq_checkpoint_finish() : records the final result of a run whose every
 *  subproblem is recorded, and commits. Returns 0, NQ_E_INVAL while some
 *  subproblem is not recorded, NQ_E_IO. */
NQ_API int nq_checkpoint_finish(nq_checkpoint *cp,
                                const nq_count_result *result);

/*! nq_checkpoint_save_census() : keeps the census of a plan
 *  (nq_plan_census()) in the checkpoint, under a check value, in a
 *  transaction of its own, so that a resumed run makes its plan without
 *  walking the tops again; one of the same length already there stays.
 *  Does nothing for len 0, or for a census too large for the file (over
 *  NQ_CHECKPOINT_CENSUS_MAX entries). Returns 0, NQ_E_INVAL, NQ_E_NOMEM or
 *  NQ_E_IO. */
#define NQ_CHECKPOINT_CENSUS_MAX ((uint64_t)1 << 28)
NQ_API int nq_checkpoint_save_census(nq_checkpoint *cp, const uint32_t *counts,
                                     uint64_t len);

/*! nq_checkpoint_census() : the census kept in the checkpoint at `path`
 *  (read without its lock): *len its length (0: none kept), and
 *  counts[0 .. *len) where capacity >= *len (counts may be NULL to ask the
 *  length first), verified against its check value. Returns 0,
 *  NQ_E_CORRUPT (damaged), NQ_E_NOMEM, or nq_checkpoint_read()'s errors
 *  for a file that is not there or not a checkpoint. */
NQ_API int nq_checkpoint_census(const char *path, uint32_t *counts,
                                uint64_t capacity, uint64_t *len);

/*! nq_checkpoint_close() : commits what is recorded, closes the file,
 *  releases its lock and frees `cp` (NULL is allowed). Returns 0 or the
 *  commit's NQ_E_IO; `cp` is freed in any case. */
NQ_API int nq_checkpoint_close(nq_checkpoint *cp);

/*! nq_checkpoint_run() : the resumable count. Runs the subproblems of
 *  `plan` that `cp` has not recorded yet on options->threads threads
 *  (options may be NULL: the defaults), records each as it finishes, and
 *  at the end records and returns the final result, which is exactly that
 *  of an uninterrupted nq_count. options->progress (may be NULL) is called
 *  once at the start and after every finished subproblem with the figures
 *  of the whole plan, earlier runs' work included; when it returns
 *  non-zero the run stops, commits what has finished and returns
 *  NQ_E_STOPPED (subproblems in flight are lost and run again next time).
 *  `cp` must have been opened for this plan (n, signature and size).
 *  Returns 0, NQ_E_CHECKPOINT for a checkpoint of another plan,
 *  NQ_E_STOPPED, NQ_E_IO (a commit failed), NQ_E_OVERFLOW, NQ_E_NOMEM,
 *  NQ_E_INVAL (also for options of an unknown version). On error `result`
 *  is zeroed; the progress callback may have run. */
NQ_API int nq_checkpoint_run(nq_checkpoint *cp, const nq_plan *plan,
                             const nq_count_options *options,
                             nq_count_result *result);

/* ================================================================== */
/* 5. Experimental: benchmarks and oracles, may change                */
/* ================================================================== */

/*
 * Calls kept for `nqueens bench` and the tests: simpler engines that show
 * what each idea of the fast counters buys, and serve as oracles. Their
 * names, signatures and results may change in any release; programs
 * should count with nq_count(). The library exports them, but they are
 * declared only for a program that asks for them by defining
 * NQ_EXPERIMENTAL before it includes this header (as zstd keeps such
 * calls behind ZSTD_STATIC_LINKING_ONLY), so that none leans on them by
 * accident.
 */
#ifdef NQ_EXPERIMENTAL

/*! nq_count_bitboard() : counts the solutions with the plain bitboard
 *  backtracking (three bit masks: columns and both diagonals taken), the
 *  same search tree as the textbook, one machine word per test. `total`
 *  (may be NULL) receives the count; `nodes` (may be NULL) the number of
 *  queens placed, which equals the place events of nq_trace(). Returns 0 or
 *  NQ_E_RANGE unless 1 <= n <= NQ_MAX_N; on error the outputs are
 *  zeroed. */
NQ_API int nq_count_bitboard(int n, uint64_t *total, uint64_t *nodes);

/*! nq_count_bitboard_mirror() : the same, searching only the first row's
 *  left half (and its middle column for odd n) and doubling, since the
 *  mirror image of a solution is a solution: about half the nodes. */
NQ_API int nq_count_bitboard_mirror(int n, uint64_t *total, uint64_t *nodes);

#endif /* NQ_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
