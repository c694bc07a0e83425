/*
 * cmd_verify.c - `nqueens verify [FILE|-]`: is the placement someone hands
 * us a solution? Reads a vector or a board (cli/read_placement.c), checks
 * it in O(n) (nq_verify) and lists the first attacking pairs.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "messages.h"
#include "nqueens.h"
#include "opt_common.h"
#include "parse.h"
#include "read_placement.h"
#include "writer.h"

static const char verify_head[] =
    "Usage: nqueens verify [OPTIONS] [N] [FILE|-]\n"
    "\n"
    "Checks a placement of queens read from FILE (or standard input): are\n"
    "there N queens on an N x N board, one in each row, and do no two share\n"
    "a column or a diagonal? An N before FILE insists on N queens.\n"
    "\n"
    "The placement is a vector or a board, told apart by its first line:\n"
    "  vector  the columns of rows 1..N, separated by spaces, commas or\n"
    "          newlines: 2 4 1 3\n"
    "  board   N lines of N cells: Q or q a queen; . # x - _ 0 an empty\n"
    "          square; spaces between cells allowed; a title line\n"
    "          'Solution K:' before it is skipped\n"
    "\n"
    "Options:\n";

static const char verify_tail[] =
    "\n"
    "Exit status: 0 the placement is a solution; 1 it is not (the first ten\n"
    "attacking pairs are listed, with the total); 2 bad usage or malformed\n"
    "input (the line and column of the problem are named).\n";

/* Attacking pairs listed before the total. */
#define VERIFY_LISTED 10

struct verify_request {
    const char *path; /* NULL or "-": standard input */
    struct placement_options read;
    bool quiet;
    const char *output; /* -o, NULL: standard output */
};

#define REQ struct verify_request
static const struct opt verify_opts[] = {
    OPT_USE_HELP(opt_base, REQ, read.base,
                 "the columns of a vector start at 0 or 1 (default 1)"),
    OPT_INT("n", 0, REQ, read.expected_n, 1, INT_MAX, "N",
            "the same as N before FILE: insist on N queens"),
    OPT_USE(opt_quiet, REQ, quiet),
    OPT_USE_HELP(opt_output, REQ, output,
                 "write the verdict to FILE, not standard output"),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef REQ

const struct optable verify_table = OPTABLE(verify_opts, 19, true);

static int parse_verify_args(int argc, char **argv, struct verify_request *req)
{
    int status = optable_parse(&verify_table, argc, argv, req, NULL);
    if (status == OPTABLE_HELP) {
        optable_usage(verify_head, &verify_table, verify_tail);
        return -1;
    }
    if (status != OPTABLE_GO)
        return status;
    /* [N] [FILE|-]: two words are N and FILE, one word is FILE. */
    if (argc - optind >= 2) {
        int n = 0;
        if (req->read.expected_n != 0)
            return cli_usage_error("more than one N given");
        if (!cli_parse_n(argv[optind], INT_MAX, "", &n))
            return EXIT_USAGE;
        req->read.expected_n = n;
        optind++;
    }
    if (optind < argc)
        req->path = argv[optind++];
    if (optind < argc) {
        char quoted[64];
        return cli_usage_error("verify reads one placement, got a second "
                               "file '%s'",
                               cli_quote(argv[optind], quoted, sizeof quoted));
    }
    return 0;
}

/* Reads the placement; on failure prints why and returns the exit status
 * (1 for a board row with two queens, 2 otherwise). */
static int read_input(const struct verify_request *req, struct placement *p)
{
    bool from_stdin = req->path == NULL || strcmp(req->path, "-") == 0;
    /* `source` points into it after the if: its scope cannot shrink. */
    // cppcheck-suppress variableScope
    char quoted[256];
    const char *source = "standard input";
    FILE *f = stdin;
    if (!from_stdin) {
        f = fopen(req->path, "rb");
        if (f == NULL)
            return cli_error("cannot read '%s': %s",
                             cli_quote(req->path, quoted, sizeof quoted),
                             strerror(errno));
        source = cli_quote(req->path, quoted, sizeof quoted);
    } else if (isatty(STDIN_FILENO)) {
        cli_note("reading a placement from the terminal; end it with Ctrl-D");
    }
    struct placement_error err;
    int rc = placement_read_file(f, &req->read, p, &err);
    if (!from_stdin)
        fclose(f);
    if (rc == 0)
        return 0;
    if (rc == NQ_E_CONFLICT) {
        if (req->quiet)
            return EXIT_NEGATIVE;
        struct writer out;
        if (writer_open(&out, req->output) != 0)
            return EXIT_USAGE;
        writer_printf(&out, "invalid: line %lld, column %lld: %s\n", err.line,
                      err.column, err.message);
        int status = writer_close(&out, true);
        return status != 0 ? status : EXIT_NEGATIVE;
    }
    if (err.line > 0)
        return cli_error("%s%s%s, line %lld, column %lld: %s",
                         from_stdin ? "" : "'", source, from_stdin ? "" : "'",
                         err.line, err.column, err.message);
    return cli_error("%s%s%s: %s", from_stdin ? "" : "'", source,
                     from_stdin ? "" : "'", err.message);
}

struct conflict_printer {
    struct writer *out;
    const int *cols;
    int listed;
};

static int print_conflict(int row_a, int row_b, nq_line_kind line, void *user)
{
    static const char *const what[] = {"same column", "same diagonal",
                                       "same anti-diagonal"};
    struct conflict_printer *p = user;
    writer_printf(p->out, "row %d column %d and row %d column %d: %s\n",
                  row_a + 1, p->cols[row_a] + 1, row_b + 1, p->cols[row_b] + 1,
                  what[line]);
    return ++p->listed == VERIFY_LISTED;
}

/* Checks the placement and reports; returns the exit status. */
static int report(const struct verify_request *req, const struct placement *p)
{
    struct writer out;
    if (writer_open(&out, req->output) != 0)
        return EXIT_USAGE;
    /* The totals come first, so they are printed before the list. */
    nq_verify_result result;
    /* p was filled by a successful read (the analyzer loses that). */
    // NOLINTNEXTLINE(clang-analyzer-core.CallAndMessage)
    int rc = nq_verify(p->cols, p->n, NULL, NULL, &result);
    if (rc != 0 && rc != NQ_E_CONFLICT) {
        writer_close(&out, false);
        return cli_error("%s", nq_strerror(rc));
    }
    bool valid = rc == 0 && result.empty_rows == 0;
    if (req->quiet) {
        writer_close(&out, false);
        return valid ? EXIT_OK : EXIT_NEGATIVE;
    }
    if (valid) {
        writer_printf(&out, "valid: %d %s, no two attack each other\n", p->n,
                      p->n == 1 ? "queen" : "queens");
        return writer_close(&out, true);
    }
    if (result.empty_rows > 0)
        writer_printf(&out,
                      "invalid: %llu of %d rows hold%s no queen (the first is "
                      "row %d)\n",
                      (unsigned long long)result.empty_rows, p->n,
                      result.empty_rows == 1 ? "s" : "",
                      result.first_empty_row + 1);
    if (result.pairs > 0) {
        writer_printf(&out,
                      "invalid: %llu %s of queens attack%s each other "
                      "(%llu in a column, %llu on a diagonal, %llu on an "
                      "anti-diagonal)\n",
                      (unsigned long long)result.pairs,
                      result.pairs == 1 ? "pair" : "pairs",
                      result.pairs == 1 ? "s" : "",
                      (unsigned long long)result.column_pairs,
                      (unsigned long long)result.diagonal_pairs,
                      (unsigned long long)result.antidiagonal_pairs);
        struct conflict_printer printer = {.out = &out, .cols = p->cols};
        rc = nq_verify(p->cols, p->n, print_conflict, &printer, NULL);
        if (rc != NQ_E_CONFLICT && rc != NQ_E_STOPPED) {
            writer_close(&out, false);
            return cli_error("%s", nq_strerror(rc));
        }
        if (result.pairs > VERIFY_LISTED)
            writer_printf(&out, "... %llu more pairs not listed\n",
                          (unsigned long long)(result.pairs - VERIFY_LISTED));
    }
    int status = writer_close(&out, true);
    return status != 0 ? status : EXIT_NEGATIVE;
}

int cmd_verify(int argc, char **argv)
{
    struct verify_request req = {0};
    placement_options_init(&req.read);
    req.read.allow_empty_rows = true; /* reported as invalid, not malformed */
    int status = parse_verify_args(argc, argv, &req);
    if (status != 0)
        return status < 0 ? EXIT_OK : status;
    struct placement p;
    status = read_input(&req, &p);
    if (status != 0)
        return status;
    status = report(&req, &p);
    placement_free(&p);
    return status;
}
