/*
 * cli.h - what the parts of the nqueens tool share: error reporting, checked
 * number parsing, the output writer and the commands' entry points.
 * The tool is the only part of the project that prints or exits.
 */
#ifndef NQ_CLI_H
#define NQ_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define CLI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CLI_PRINTF(fmt, args)
#endif

/* Exit statuses of the command-line contract. */
enum cli_exit {
    EXIT_OK = 0,       /* success */
    EXIT_NEGATIVE = 1, /* a negative answer: no solution, invalid, ... */
    EXIT_USAGE = 2     /* bad usage or bad input */
};

/* ---- messages (cli/messages.c) ---- */

/* The name the tool was called by, for messages ("nqueens"). */
extern const char *cli_program;

/* Prints "nqueens: error: <message> (try 'nqueens --help')" on stderr and
 * returns EXIT_USAGE: for bad usage that more help can fix. */
int cli_usage_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* Prints "nqueens: error: <message>" on stderr and returns EXIT_USAGE:
 * for bad input and failures that help cannot fix. */
int cli_error(const char *fmt, ...) CLI_PRINTF(1, 2);

/* Prints "nqueens: <message>" on stderr (a note, not an error). */
void cli_note(const char *fmt, ...) CLI_PRINTF(1, 2);

/* ---- numbers (cli/parse.c) ---- */

/* Parses all of `text` as a decimal integer in [min, max] (leading '+' or
 * '-' allowed, no spaces, no junk, overflow checked). Returns true and
 * stores the value on success. */
bool cli_parse_long(const char *text, long long min, long long max,
                    long long *value);

/* Parses the board size N: on failure prints "N must be an integer from
 * 1 to <max>, got '<text>' <where>" and returns false. `where` names the
 * source ("" for the command line, "from standard input"). */
bool cli_parse_n(const char *text, int max, const char *where, int *n);

/* Parses N from `len` bytes read from a stream: one number with optional
 * white space around it. Empty or blank text, NUL bytes and anything else
 * are errors: prints one and returns false. `source` names the stream
 * ("standard input"). */
bool cli_parse_n_text(const char *text, size_t len, int max, const char *source,
                      int *n);

/* Copies `text` into `buf` (size >= 1) for a message: non-printable bytes
 * as \xHH, cut with "..." when longer than the buffer. Returns buf. */
const char *cli_quote(const char *text, char *buf, size_t size);

/* True when `text` looks like a negative number ("-3"), so that a command
 * can treat it as a value rather than as an unknown option. */
bool cli_looks_negative(const char *text);

/* ---- option parsing (cli/options.c) ---- */

struct option;

/* What cli_getopt returns after it printed "more than one N given". */
enum { CLI_OPT_FAILED = -2 };

/* Starts a parse with getopt_long afresh (optind = 1), its own messages
 * off (opterr = 0): each command words its errors as cli_option_error. */
void cli_getopt_reset(void);

/* getopt_long, after cli_getopt_reset: when n_text is not NULL, a negative
 * number ("-3") before the next option is taken as the positional N (into
 * *n_text) rather than as an option. Returns the next option, -1 at the
 * end, or CLI_OPT_FAILED. */
int cli_getopt(int argc, char **argv, const char *optstring,
               const struct option *options, const char **n_text);

/* For an option no case took (':' a missing value, '?' an unknown option,
 * CLI_OPT_FAILED): prints the error, if not printed yet, and returns
 * EXIT_USAGE. */
int cli_option_error(int c, char **argv);

/* Takes argv[optind..argc-1] as the positional N; false, with the error
 * "more than one N given" printed, when there are two. */
bool cli_take_rest_n(int argc, char **argv, const char **n_text);

/* ---- output (cli/writer.c) ---- */

/* A buffered output stream with remembered errors. Writing to a named
 * file goes to a temporary file beside it that is renamed into place only
 * when the output is complete, so a killed run never leaves a truncated
 * file that looks whole. */
struct writer {
    int fd;               /* descriptor written to */
    char *buf;            /* pending bytes */
    size_t len;           /* bytes pending in buf */
    size_t cap;           /* size of buf */
    int err;              /* first errno seen, 0 if none */
    char *path;           /* the final file name, NULL for standard output */
    char *tmp_path;       /* the temporary file, NULL for standard output */
    uint64_t written;     /* bytes written to fd so far */
    uint64_t handed_over; /* bytes whose write-back to disk has begun */
    bool direct;          /* writes go around the page cache (O_DIRECT) */
};

/* Opens `path` (NULL or "-": standard output). Returns 0 or prints an
 * error and returns EXIT_USAGE. */
int writer_open(struct writer *w, const char *path);

/* Writes a named file around the page cache (O_DIRECT) from here on, if
 * its file system takes it: for a big output that other threads compute
 * while the writes wait on the disk. Only before the first byte; does
 * nothing for standard output or a device. */
void writer_direct(struct writer *w);

/* Appends bytes; errors are remembered and reported by writer_close. */
void writer_put(struct writer *w, const char *data, size_t len);
void writer_puts(struct writer *w, const char *text);
void writer_putc(struct writer *w, char c);
void writer_printf(struct writer *w, const char *fmt, ...) CLI_PRINTF(2, 3);
/* Appends an unsigned number in decimal, without printf. */
void writer_put_u64(struct writer *w, uint64_t value);
void writer_flush(struct writer *w);

/* Flushes and closes. With `commit` a named file is renamed into place;
 * without it (an error or an interruption) the temporary file is removed.
 * Returns 0, or prints the first write error and returns EXIT_USAGE. */
int writer_close(struct writer *w, bool commit);

/* ---- cleanup on signals (cli/cleanup.c) ---- */

/* Until cleanup_disarm(), SIGINT, SIGTERM and SIGHUP remove `path` (kept,
 * not copied) before the tool dies of the signal. One path at a time;
 * cleanup_disarm() without an armed path does nothing. */
void cleanup_arm(const char *path);
void cleanup_disarm(void);

/* ---- boards (cli/board.c) ---- */

/* How a board is drawn. */
struct board_style {
    const char *queen; /* glyph of a queen, "Q" by default */
    const char *empty; /* glyph of an empty square, "." by default */
    bool compact;      /* no space between cells */
};

extern const struct board_style board_style_default;

/* Long-option codes of --queen, --empty and --compact, shared by the
 * commands that draw boards (above the codes the commands pick). */
enum { BOARD_OPT_QUEEN = 0x1000, BOARD_OPT_EMPTY, BOARD_OPT_COMPACT };

/* Applies --queen, --empty (value `arg`) or --compact (code c) to `style`.
 * An empty glyph is an error "NAME needs a glyph", NAME being `name` or,
 * when NULL, "--queen" or "--empty". Returns 0 or EXIT_USAGE. */
int board_style_option(int c, const char *arg, const char *name,
                       struct board_style *style);

/* Writes n lines of n cells for the 0-based columns `cols`. */
void board_write(struct writer *w, const int *cols, int n,
                 const struct board_style *style);

/* ---- progress (cli/progress.c) ---- */

/* Whether a long count shows its progress on stderr. */
enum progress_mode {
    PROGRESS_AUTO, /* when stderr is a terminal */
    PROGRESS_ON,   /* --progress: off a terminal a line every few seconds */
    PROGRESS_OFF   /* --quiet */
};

/* The state of one progress display. */
struct progress {
    bool enabled;        /* anything is shown at all */
    bool terminal;       /* stderr is a terminal: redraw one line in place */
    bool drawn;          /* a line is on the terminal, not yet ended */
    bool seen;           /* a report came in */
    double start;        /* monotonic seconds when the display started */
    double last;         /* monotonic seconds of the last line drawn */
    uint64_t first_done; /* done at the first report (earlier runs' work) */
    uint64_t done;       /* subproblems finished */
    uint64_t total;      /* subproblems in all */
    uint64_t solutions;  /* solutions found so far */
};

/* Seconds of a monotonic clock. */
double cli_monotonic_seconds(void);

/* Starts a display; nothing is drawn until the first report. */
void progress_start(struct progress *p, enum progress_mode mode);

/* An nq_progress_fn: `user` is the struct progress. Draws when due; never
 * asks to stop. */
int progress_report(uint64_t done, uint64_t total, uint64_t solutions,
                    void *user);

/* Draws the last state and ends the line. */
void progress_end(struct progress *p);

/* Formats one progress line into buf (without a newline); returns its
 * length. `rate` is subproblems a second, `elapsed` seconds. */
size_t progress_format(char *buf, size_t size, uint64_t done, uint64_t total,
                       uint64_t solutions, double elapsed, double rate);

/* ---- signals (cli/interrupt.c) ---- */

/* Catches SIGINT and SIGTERM, only noting them (a second one kills). */
void interrupt_install(void);

/* The signal caught, or 0. */
int interrupt_signal(void);

/* 128 + the signal caught (130 for SIGINT, 143 for SIGTERM), or 0. */
int interrupt_exit_status(void);

/* ---- checkpoints (cli/checkpoint_errors.c) ---- */

/* Says why the checkpoint at `path` was refused or failed (`err` from
 * nq_checkpoint_open or _read; `n` and `signature` describe this run, or
 * 0 and NULL) and returns EXIT_USAGE. */
int checkpoint_error(const char *path, int err, int n, const char *signature,
                     uint64_t size);

/* ---- commands ---- */

/* nqueens [N]: the teaching texts' program (cli/cmd_seeds.c). */
int cmd_seeds(int argc, char **argv);

/* nqueens count N: exact total, unique and symmetric counts
 * (cli/cmd_count.c). */
int cmd_count(int argc, char **argv);

/* nqueens trace N: the backtracking search step by step (cli/cmd_trace.c). */
int cmd_trace(int argc, char **argv);

/* nqueens bench [N]: every counting method side by side (cli/cmd_bench.c). */
int cmd_bench(int argc, char **argv);

/* nqueens solve N: the solutions as a stream (cli/cmd_solve.c). */
int cmd_solve(int argc, char **argv);

/* nqueens complete: complete pre-placed queens (cli/cmd_complete.c). */
int cmd_complete(int argc, char **argv);

/* nqueens find N: one solution for any N (cli/cmd_find.c). */
int cmd_find(int argc, char **argv);

/* nqueens verify [FILE|-]: check a placement (cli/cmd_verify.c). */
int cmd_verify(int argc, char **argv);

/* nqueens status FILE: how far a checkpointed count is (cli/cmd_status.c). */
int cmd_status(int argc, char **argv);

/* ---- the count's request, shared with nqueens-mpi ---- */

struct nq_count_result;

/* What the command line asks a count for. */
struct count_request {
    int n;
    int threads;           /* 0: all cores */
    uint64_t memory_bytes; /* 0: the library's default */
    int engine;            /* --engine: an nq_engine, NQ_ENGINE_AUTO if not
                              given */
    bool json;
    enum progress_mode progress; /* --progress, --quiet, or by terminal */
    const char *checkpoint;      /* --checkpoint FILE, or NULL */
    double checkpoint_interval;  /* --checkpoint-interval SECONDS ... */
    bool checkpoint_interval_set; /* ... when given */
};

/* Long options of the long-run work, handled by count_parse_long_run_option
 * (cli/count_checkpoint.c). */
enum {
    COUNT_OPT_PROGRESS = 0x1000,
    COUNT_OPT_QUIET,
    COUNT_OPT_CHECKPOINT,
    COUNT_OPT_INTERVAL,
    COUNT_OPT_ENGINE
};

/* Parses the arguments of `count` (argv[0] is the command); `usage` is
 * printed for --help. Returns -1 to go on, else the exit status. */
int count_parse(int argc, char **argv, const char *usage,
                struct count_request *req);

/* Applies one of the COUNT_OPT_* options; returns 0, or prints the error
 * and returns EXIT_USAGE. */
int count_parse_long_run_option(int option, const char *value,
                                struct count_request *req);

/* The engine (an nq_engine) of the plan that the checkpoint at `path`
 * records, so that a resumed run goes on with it; NQ_ENGINE_AUTO when no
 * checkpoint can be read there (opening it later says why). */
int checkpoint_engine(const char *path);

/* Writes the result as the text lines or the JSON object of `count`. */
void count_report(struct writer *out, const struct count_request *req,
                  const struct nq_count_result *r, int threads,
                  const char *engine, double seconds);

/* Runs the count with --checkpoint: resumes from the file, saves on
 * SIGINT/SIGTERM. Returns -1 with *result and engine filled, or the exit
 * status after saying what went wrong (130/143 after a signal). */
int count_checkpointed(const struct count_request *req,
                       struct nq_count_result *result, char *engine,
                       size_t engine_size);

#endif /* NQ_CLI_H */
