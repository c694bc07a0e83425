/*
 * cmd_find.c - `nqueens find N`: one solution for any N, from the explicit
 * construction (streamed, so a billion queens need no billion-entry
 * array), the seeded local search, or the first solution of a backtracking
 * search that a time limit can stop.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "common/clock.h"
#include "common/deadline.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "nqueens.h"
#include "output/board.h"
#include "output/json.h"
#include "output/writer.h"

static const char find_head[] =
    "Usage: nqueens find N [OPTIONS]\n"
    "\n"
    "Prints one solution of the N-queens puzzle, for N = 1 and every N >= 4\n"
    "up to 2147483647. For N = 2 and 3 there is none: exit status 1.\n"
    "\n"
    "Options:\n";

static const char find_tail[] =
    "\n"
    "Formats: a board is a line 'Solution 1:' and N rows of N cells; a\n"
    "vector is the N columns of rows 1..N on one line; json is one object,\n"
    "{\"n\":8,\"method\":\"construct\",\"queens\":[4,6,8,2,7,1,3,5]}, with\n"
    "1-based columns. Boards are drawn up to N = 10000.\n"
    "\n"
    "Exit status: 0 a solution was written, 1 no solution exists,\n"
    "2 bad usage, an output error or the time limit of --method search.\n";

/* The largest board drawn cell by cell (10^8 cells). */
#define FIND_BOARD_MAX_N 10000
/* Rows built and written at a time when streaming a construction. */
#define FIND_BLOCK_ROWS 65536

enum find_method { FIND_CONSTRUCT, FIND_RANDOM, FIND_SEARCH };
enum find_format { FORMAT_DEFAULT, FORMAT_BOARD, FORMAT_VECTOR, FORMAT_JSON };

static const char *const method_names[] = {"construct", "random", "search"};

struct find_request {
    int n;
    enum find_method method;
    enum find_format format;
    uint64_t seed;
    bool seed_given;
    double timeout_s; /* 0: none */
    bool timeout_given;
    int base; /* vector: 0 or 1 */
    bool base_given;
    const char *output; /* NULL: standard output */
    struct board_style style;
    bool style_given;
    bool format_given;
    bool json;
};

/* ---- writing columns fast -------------------------------------------- */

/* "00" to "99": the digits of every number below 100. */
static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536"
    "37383940414243444546474849505152535455565758596061626364656667686970717273"
    "7475767778798081828384858687888990919293949596979899";

/* Appends `count` columns (0-based in cols, written as col + base), each
 * preceded by `sep` except the very first of the output (*first). Digits
 * are made in a local buffer and handed to the writer in large pieces. */
static void put_columns(struct writer *w, const int *cols, int count, int base,
                        char sep, bool *first)
{
    char buf[16 * 1024];
    size_t len = 0;
    for (int k = 0; k < count; k++) {
        if (len > sizeof buf - 16) {
            writer_put(w, buf, len);
            len = 0;
        }
        if (!*first)
            buf[len++] = sep;
        *first = false;
        uint32_t v = (uint32_t)cols[k] + (uint32_t)base;
        /* Two digits at a time from a table, right to left. */
        char digits[10];
        int d = 10;
        while (v >= 100) {
            uint32_t pair = (v % 100) * 2;
            v /= 100;
            digits[--d] = digit_pairs[pair + 1];
            digits[--d] = digit_pairs[pair];
        }
        if (v >= 10) {
            digits[--d] = digit_pairs[(size_t)v * 2 + 1];
            digits[--d] = digit_pairs[(size_t)v * 2];
        } else {
            digits[--d] = (char)('0' + v);
        }
        memcpy(buf + len, digits + d, (size_t)(10 - d));
        len += (size_t)(10 - d);
    }
    writer_put(w, buf, len);
}

/* ---- the three ways to a solution -------------------------------------- */

/* Stops the search once --max-time has passed. */
static int find_time_up(uint64_t done, uint64_t total, uint64_t solutions,
                        void *user)
{
    (void)done;
    (void)total;
    (void)solutions;
    return deadline_check(user);
}

/* Finds the whole solution (random or search) into a new array. Returns
 * 0, or the exit status after printing why not. */
static int find_solution(const struct find_request *req, int **cols_out)
{
    int *cols = malloc((size_t)req->n * sizeof *cols);
    if (cols == NULL)
        return cli_error("out of memory for %d queens", req->n);
    int rc;
    if (req->method == FIND_RANDOM) {
        rc = nq_random_solution(req->n, req->seed, cols, NULL, NULL);
    } else {
        struct deadline d;
        deadline_start(&d, req->timeout_s);
        rc = nq_first_solution(req->n, cols,
                               req->timeout_s > 0 ? find_time_up : NULL, &d);
    }
    if (rc == NQ_E_STOPPED) {
        free(cols);
        return cli_error("--method search found no solution of %d queens "
                         "within %g s; --method construct finds one at once, "
                         "or give it a longer --max-time",
                         req->n, req->timeout_s);
    }
    if (rc != 0) {
        free(cols);
        return cli_error("%s", nq_strerror(rc));
    }
    *cols_out = cols;
    return 0;
}

/* Writes the solution: `cols` when it is held, else built block by block
 * from the construction. */
static void write_solution(struct writer *w, const struct find_request *req,
                           const int *cols)
{
    enum find_format format = req->format;
    if (format == FORMAT_BOARD) {
        writer_puts(w, "Solution 1:\n");
        board_write(w, cols, req->n, &req->style);
        return;
    }
    bool json = format == FORMAT_JSON;
    struct json j;
    if (json) {
        json_start(&j, w);
        json_begin_object(&j);
        json_key(&j, "n");
        json_int(&j, req->n);
        json_key(&j, "method");
        json_string(&j, method_names[req->method]);
        if (req->method == FIND_RANDOM) {
            json_key(&j, "seed");
            json_uint(&j, req->seed);
        }
        json_key(&j, "queens");
        json_begin_array(&j);
    }
    bool first = true;
    static int block[FIND_BLOCK_ROWS];
    for (int row = 0; row < req->n && w->err == 0;) {
        int count = cols != NULL                     ? req->n
                    : req->n - row < FIND_BLOCK_ROWS ? req->n - row
                                                     : FIND_BLOCK_ROWS;
        const int *part = cols;
        if (cols == NULL) {
            nq_construct_range(req->n, row, count, block);
            part = block;
        }
        /* The contract fixes JSON columns as 1-based. */
        if (json)
            json_ints(&j, part, (size_t)count, 1);
        else
            put_columns(w, part, count, req->base, ' ', &first);
        row += count;
    }
    if (json) {
        json_end_array(&j);
        json_end_object(&j);
        json_end_line(&j);
    } else {
        writer_putc(w, '\n');
    }
}

/* ---- the command line ---------------------------------------------------- */

static const struct opt_choice find_methods[] = {{"construct", FIND_CONSTRUCT},
                                                 {"random", FIND_RANDOM},
                                                 {"search", FIND_SEARCH},
                                                 {NULL, 0}};

static const struct opt_choice find_formats[] = {{"board", FORMAT_BOARD},
                                                 {"vector", FORMAT_VECTOR},
                                                 {"json", FORMAT_JSON},
                                                 {NULL, 0}};

#define REQ struct find_request
static const struct opt find_opts[] = {
    OPT_CHOICE("method", 0, REQ, method, find_methods, "METHOD",
               "how the solution is found:\n"
               "  construct  an explicit formula, O(N), streamed\n"
               "             (the default)\n"
               "  random     seeded local search (min-conflicts):\n"
               "             another solution for every seed\n"
               "  search     backtracking: the first solution in\n"
               "             lexicographic order, N <= 64"),
    OPT_ONE_GIVEN(REQ, seed, seed_given, .name = "seed", .letter = 's',
                  .kind = OPTK_INT, .value_name = "S",
                  .help = "the seed of --method random (default 1)", .min = 0,
                  .max = LLONG_MAX),
    OPT_USE_GIVEN(opt_max_time, REQ, timeout_s, timeout_given,
                  "stop --method search after SEC seconds\n"
                  "(default 10; 0: no limit)"),
    OPT_ONE_GIVEN(REQ, timeout_s, timeout_given, .name = "timeout",
                  .kind = OPTK_SECONDS, .value_name = "SEC",
                  .help = "the same as --max-time (its older name)", .min = 0,
                  .max = 1000000),
    OPT_ONE_GIVEN(REQ, format, format_given, .name = "format", .letter = 'f',
                  .kind = OPTK_CHOICE, .choices = find_formats,
                  .value_name = "FORMAT",
                  .help = "board (the default for N <= 64, and with\n"
                          "--queen, --empty or --compact), vector (the\n"
                          "default above 64), json"),
    OPT_USE_HELP(opt_json, REQ, json, "the same as --format json"),
    OPT_USE_GIVEN(opt_base, REQ, base, base_given,
                  "first column number of a vector (default 1)"),
    OPT_USE_HELP(opt_output, REQ, output,
                 "write to FILE, put in place only when complete"),
    OPT_USE_GIVEN(opt_queen, REQ, style.queen, style_given,
                  "how a queen is drawn on a board (default Q)"),
    OPT_USE_GIVEN(opt_empty, REQ, style.empty, style_given,
                  "how an empty square is drawn (default .)"),
    OPT_USE_GIVEN(opt_compact, REQ, style.compact, style_given,
                  "no space between the cells of a row"),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef REQ

const struct optable find_table = OPTABLE(find_opts, 23, true);

static int parse_find_args(int argc, char **argv, struct find_request *req)
{
    const char *n_text = NULL;
    int status = optable_parse(&find_table, argc, argv, req, &n_text);
    if (status == OPTABLE_HELP) {
        optable_usage(find_head, &find_table, find_tail);
        return -1;
    }
    if (status != OPTABLE_GO)
        return status;
    if (n_text == NULL)
        return cli_usage_error("find needs N, the number of queens");
    if (!cli_parse_n(n_text, INT_MAX, "", &req->n))
        return EXIT_USAGE;
    return 0;
}

/* Checks that the options fit together and fills in the defaults. */
static int check_find_request(struct find_request *req)
{
    if (req->seed_given && req->method != FIND_RANDOM)
        return cli_usage_error("--seed goes with --method random");
    if (req->timeout_given && req->method != FIND_SEARCH)
        return cli_usage_error("--max-time goes with --method search");
    if (req->json && req->format_given && req->format != FORMAT_JSON)
        return cli_usage_error("--json and --format %s exclude each other "
                               "(--json is --format json)",
                               find_formats[req->format - FORMAT_BOARD].word);
    if (req->json)
        req->format = FORMAT_JSON;
    if (req->method == FIND_SEARCH && req->n > NQ_MAX_N)
        return cli_usage_error("--method search takes N up to %d, got %d; "
                               "--method construct takes any N",
                               NQ_MAX_N, req->n);
    /* Above 64 a vector is the default only because a board of such N is
     * large: --queen, --empty or --compact ask for a board. */
    if (req->format == FORMAT_DEFAULT)
        req->format = req->n <= NQ_MAX_N || req->style_given ? FORMAT_BOARD
                                                             : FORMAT_VECTOR;
    if (req->format == FORMAT_BOARD && req->n > FIND_BOARD_MAX_N)
        return cli_usage_error("--format board draws boards up to N = %d, "
                               "got %d%s; --format vector writes any N",
                               FIND_BOARD_MAX_N, req->n,
                               req->format_given ? ""
                               : req->style_given
                                   ? " (--queen, --empty and --compact "
                                     "draw a board)"
                                   : "");
    if (req->base_given && req->format != FORMAT_VECTOR)
        return cli_usage_error("--base goes with --format vector");
    if (req->style_given && req->format != FORMAT_BOARD)
        return cli_usage_error("--queen, --empty and --compact go with "
                               "--format board");
    if (opt_glyphs_check(req->style.queen, req->style.empty) != 0)
        return EXIT_USAGE;
    return 0;
}

int cmd_find(int argc, char **argv)
{
    struct find_request req = {.method = FIND_CONSTRUCT,
                               .format = FORMAT_DEFAULT,
                               .seed = 1,
                               .timeout_s = 10,
                               .base = 1,
                               .style = board_style_default};
    int status = parse_find_args(argc, argv, &req);
    if (status != 0)
        return status < 0 ? EXIT_OK : status;
    status = check_find_request(&req);
    if (status != 0)
        return status;
    if (req.n == 2 || req.n == 3) {
        cli_note("no solution exists for %d queens", req.n);
        return EXIT_NEGATIVE;
    }

    /* The construction streams, except for a board, which is small. */
    int *cols = NULL;
    if (req.method != FIND_CONSTRUCT) {
        status = find_solution(&req, &cols);
        if (status != 0)
            return status;
    } else if (req.format == FORMAT_BOARD) {
        /* req.n >= 1 here; the analyzer does not follow the parser. */
        // NOLINTNEXTLINE(clang-analyzer-optin.portability.UnixAPI)
        cols = malloc((size_t)req.n * sizeof *cols);
        if (cols == NULL)
            return cli_error("out of memory for %d queens", req.n);
        nq_construct(req.n, cols);
    }

    struct writer out;
    if (writer_open(&out, req.output) != 0) {
        free(cols);
        return EXIT_USAGE;
    }
    write_solution(&out, &req, cols);
    free(cols);
    return writer_close(&out, true);
}
