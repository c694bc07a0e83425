/*
 * cmd_verify.c - `nqueens verify [FILE|-]`: is the placement someone hands
 * us a solution, or is every placement of a stream one? Reads any format
 * the tool writes (cli/input/read_stream.c), checks each placement in O(n)
 * (nq_verify) and lists the first attacking pairs.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/options.h"
#include "common/parse.h"
#include "find/verify_json.h"
#include "input/read_placement.h"
#include "input/read_stream.h"
#include "nqueens.h"
#include "output/writer.h"

static const char verify_head[] =
    "Usage: nqueens verify [OPTIONS] [N] [FILE|-]\n"
    "\n"
    "Checks placements of queens read from FILE (or standard input): are\n"
    "there N queens on an N x N board, one in each row, and do no two share\n"
    "a column or a diagonal? An N before FILE insists on N queens; N alone\n"
    "(a number that names no file) reads the placement from standard input.\n"
    "\n"
    "It reads one placement or a stream of them, in any format the tool\n"
    "writes, recognised from the first line (or forced with --format):\n"
    "  vector  the columns of rows 1..N on a line: 2 4 1 3 (one placement a\n"
    "          line; a first line of one number: one vector on many lines)\n"
    "  json    one object a line with \"queens\" (solve, find, complete, the\n"
    "          solutions of trace --json and of trace --tree --json), 1-based\n"
    "          whatever --base says; its \"n\", where given, must match\n"
    "  csv     the header index,row1,...,rowN, then one placement a line\n"
    "  board   N lines of N cells: Q or q a queen; . # x - _ 0 an empty\n"
    "          square; 'Solution K:' titles, blank lines and the closing\n"
    "          count line of 'nqueens N' are skipped\n"
    "  matrix  N lines of N cells, 1 a queen and 0 an empty square\n"
    "A stream gets a verdict for each invalid placement (its record number\n"
    "and line) and a closing line: placements, valid ones, and whether they\n"
    "are distinct (checked when they come in increasing order, as solve\n"
    "writes them).\n"
    "\n"
    "Options:\n";

static const char verify_tail[] =
    "\n"
    "An input with no placement (what solve 2 writes) is a stream of none:\n"
    "'0 placements', exit status 0. Typed on a terminal, each placement is\n"
    "judged as soon as it ends (a vector's line, a board's last row); Ctrl-D\n"
    "ends, with the closing line when there were several.\n"
    "\n"
    "Exit status: 0 every placement is a solution; 1 one is not (the first\n"
    "attacking pairs are listed, with the total); 2 bad usage or malformed\n"
    "input (the line and column of the problem are named).\n";

/* Attacking pairs listed before the total. */
#define VERIFY_LISTED 10

/* Attacking pairs listed for a placement of a stream. */
#define VERIFY_STREAM_LISTED 3

struct verify_request {
    const char *path; /* NULL or "-": standard input */
    struct stream_options read;
    bool quiet;
    bool json;          /* an object a placement, then a summary */
    const char *output; /* -o, NULL: standard output */
};

static const struct opt_choice verify_formats[] = {
    {"vector", STREAM_VECTOR}, {"json", STREAM_JSON},     {"csv", STREAM_CSV},
    {"board", STREAM_BOARD},   {"matrix", STREAM_MATRIX}, {NULL, 0}};

#define REQ struct verify_request
static const struct opt verify_opts[] = {
    OPT_CHOICE("format", 'f', REQ, read.format, verify_formats, "FORMAT",
               "vector, json, csv, board or matrix (default:\n"
               "recognised from the input)"),
    OPT_USE_HELP(opt_base, REQ, read.read.base,
                 "the columns start at 0 or 1 (default 1)"),
    OPT_USE_HELP(opt_queen, REQ, read.queen,
                 "board: the glyph of a queen (besides Q and q)"),
    OPT_USE_HELP(opt_empty, REQ, read.empty,
                 "board: the glyph of an empty square"),
    OPT_INT("n", 0, REQ, read.read.expected_n, 1, INT_MAX, "N",
            "the same as N before FILE: insist on N queens"),
    OPT_USE(opt_quiet, REQ, quiet),
    OPT_USE_HELP(opt_json, REQ, json,
                 "one JSON object a placement (its record, line,\n"
                 "verdict, attacking pairs), then a summary object"),
    OPT_USE_HELP(opt_output, REQ, output,
                 "write the verdicts to FILE, not standard output"),
    OPT_USE_ARGS(opt_help, NULL),
};
#undef REQ

const struct optable verify_table = OPTABLE(verify_opts, 19, true);

/* Whether the one word after the options is N: digits only, and no file
 * of that name. */
static bool names_n(const char *word)
{
    if (word[0] == '\0' || strspn(word, "0123456789") != strlen(word))
        return false;
    struct stat st;
    return stat(word, &st) != 0 && errno == ENOENT;
}

static int parse_verify_args(int argc, char **argv, struct verify_request *req)
{
    int status = optable_parse(&verify_table, argc, argv, req, NULL);
    if (status == OPTABLE_HELP) {
        optable_usage(verify_head, &verify_table, verify_tail);
        return -1;
    }
    if (status != OPTABLE_GO)
        return status;
    if (opt_glyphs_check(req->read.queen, req->read.empty) != 0)
        return EXIT_USAGE;
    /* [N] [FILE|-]: two words are N and FILE; one word is N when it is
     * a number and no file has that name (the placement then comes on
     * standard input), else FILE. */
    if (argc - optind >= 2 || (argc - optind == 1 && names_n(argv[optind]))) {
        int n = 0;
        if (!cli_parse_n(argv[optind], INT_MAX, "", &n))
            return EXIT_USAGE;
        int given = req->read.read.expected_n;
        if (given != 0 && given != n)
            return cli_usage_error("N given twice: %d and --n %d", n, given);
        req->read.read.expected_n = n;
        optind++;
    }
    if (optind < argc)
        req->path = argv[optind++];
    if (optind < argc) {
        char quoted[64];
        return cli_usage_error("verify reads one file, got a second file "
                               "'%s'",
                               cli_quote(argv[optind], quoted, sizeof quoted));
    }
    return 0;
}

/* Where the placements come from. */
struct verify_input {
    FILE *f;
    bool from_stdin;
    bool waits;       /* a terminal or a pipe: the next record may be slow */
    bool typed;       /* standard input is a terminal: someone types */
    char source[256]; /* quoted path, for messages */
};

/* Opens the input; returns 0 or the exit status (the reason printed). */
static int open_input(const struct verify_request *req, struct verify_input *in)
{
    in->from_stdin = req->path == NULL || strcmp(req->path, "-") == 0;
    in->f = stdin;
    snprintf(in->source, sizeof in->source, "standard input");
    if (!in->from_stdin) {
        char quoted[240];
        cli_quote(req->path, quoted, sizeof quoted);
        in->f = fopen(req->path, "rb");
        if (in->f == NULL)
            return cli_error("cannot read '%s': %s", quoted, strerror(errno));
        snprintf(in->source, sizeof in->source, "'%s'", quoted);
    } else if (isatty(STDIN_FILENO)) {
        in->typed = true;
        cli_note("reading placements from the terminal; end with Ctrl-D");
    }
    struct stat st;
    in->waits = fstat(fileno(in->f), &st) != 0 || !S_ISREG(st.st_mode);
    return 0;
}

/* Says why the input is malformed; returns the exit status. */
static int malformed(const struct verify_input *in,
                     const struct placement_error *err)
{
    if (err->line > 0)
        return cli_error("%s, line %lld, column %lld: %s", in->source,
                         err->line, err->column, err->message);
    return cli_error("%s: %s", in->source, err->message);
}

struct conflict_printer {
    struct writer *out;
    const int *cols;
    int listed;
    int limit;          /* pairs to list */
    const char *indent; /* before each */
    int base;           /* first column number (--base), as it was read */
};

static int print_conflict(int row_a, int row_b, nq_line_kind line, void *user)
{
    static const char *const what[] = {"same column", "same diagonal",
                                       "same anti-diagonal"};
    struct conflict_printer *p = user;
    writer_printf(p->out, "%srow %d column %d and row %d column %d: %s\n",
                  p->indent, row_a + 1, p->cols[row_a] + p->base, row_b + 1,
                  p->cols[row_b] + p->base, what[line]);
    return ++p->listed == p->limit;
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
        struct conflict_printer printer = {.out = &out,
                                           .cols = p->cols,
                                           .limit = VERIFY_LISTED,
                                           .indent = "",
                                           .base = req->read.read.base};
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

/* What a stream has shown so far. */
struct verify_tally {
    long long placements;
    long long valid;
    int *last;        /* the previous placement, for the order */
    int last_n;       /* its n; 0 before the first */
    bool increasing;  /* every placement above the one before */
    long long repeat; /* a record equal to the one before it, 0 if none */
    bool has_last;
};

/* Compares (n, cols) in lexicographic order. */
static int placement_compare(int na, const int *a, int nb, const int *b)
{
    if (na != nb)
        return na < nb ? -1 : 1;
    for (int i = 0; i < na; i++) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

/* Keeps the order check up to date: distinctness in bounded memory holds
 * for streams that come in increasing order (what solve writes). */
static bool tally_order(struct verify_tally *t, const struct stream_record *rec)
{
    const struct placement *p = &rec->placement;
    if (t->has_last) {
        int cmp = placement_compare(t->last_n, t->last, p->n, p->cols);
        if (cmp >= 0)
            t->increasing = false;
        if (cmp == 0 && t->repeat == 0)
            t->repeat = rec->number;
    }
    if (p->n > t->last_n || t->last == NULL) {
        int *grown = realloc(t->last, sizeof(int) * (size_t)(p->n + 1));
        if (grown == NULL)
            return false;
        t->last = grown;
    }
    memcpy(t->last, p->cols, sizeof(int) * (size_t)p->n);
    t->last_n = p->n;
    t->has_last = true;
    return true;
}

/* Checks one placement of a stream and prints its verdict when it is not
 * valid. Returns 0, or an exit status for a failure of the check. */
static int stream_check(const struct verify_request *req, struct writer *out,
                        const struct stream_record *rec, int read_rc,
                        const struct placement_error *err,
                        struct verify_tally *t)
{
    t->placements++;
    if (read_rc == NQ_E_CONFLICT) {
        t->increasing = false;
        if (req->json && !req->quiet)
            verify_json_unreadable(out, rec->number, rec->line, err);
        else if (!req->quiet)
            writer_printf(out,
                          "record %lld, line %lld: invalid: line %lld, "
                          "column %lld: %s\n",
                          rec->number, rec->line, err->line, err->column,
                          err->message);
        return 0;
    }
    const struct placement *p = &rec->placement;
    if (!tally_order(t, rec))
        return cli_error("out of memory");
    if (req->json && !req->quiet) {
        bool valid = false;
        int rc = verify_json_record(out, rec->number, rec->line, p,
                                    req->read.read.base, &valid);
        if (rc != 0)
            return cli_error("%s", nq_strerror(rc));
        t->valid += valid;
        return 0;
    }
    nq_verify_result result;
    int rc = nq_verify(p->cols, p->n, NULL, NULL, &result);
    if (rc != 0 && rc != NQ_E_CONFLICT)
        return cli_error("%s", nq_strerror(rc));
    if (rc == 0 && result.empty_rows == 0) {
        t->valid++;
        return 0;
    }
    if (req->quiet)
        return 0;
    writer_printf(out, "record %lld, line %lld: invalid: ", rec->number,
                  rec->line);
    if (result.empty_rows > 0)
        writer_printf(out,
                      "%llu of %d rows hold%s no queen (the first is "
                      "row %d)%s",
                      (unsigned long long)result.empty_rows, p->n,
                      result.empty_rows == 1 ? "s" : "",
                      result.first_empty_row + 1, result.pairs > 0 ? "; " : "");
    if (result.pairs > 0)
        writer_printf(out, "%llu %s of queens attack%s each other",
                      (unsigned long long)result.pairs,
                      result.pairs == 1 ? "pair" : "pairs",
                      result.pairs == 1 ? "s" : "");
    writer_printf(out, "\n");
    if (result.pairs > 0) {
        struct conflict_printer printer = {.out = out,
                                           .cols = p->cols,
                                           .limit = VERIFY_STREAM_LISTED,
                                           .indent = "  ",
                                           .base = req->read.read.base};
        rc = nq_verify(p->cols, p->n, print_conflict, &printer, NULL);
        if (rc != NQ_E_CONFLICT && rc != NQ_E_STOPPED)
            return cli_error("%s", nq_strerror(rc));
    }
    return 0;
}

/* The closing line of a stream (with --json, its object). */
static void stream_summary(const struct verify_request *req, struct writer *out,
                           const struct verify_tally *t)
{
    if (req->json) {
        verify_json_summary(out, t->placements, t->valid,
                            t->repeat > 0   ? 0
                            : t->increasing ? 1
                                            : -1,
                            t->repeat);
        return;
    }
    writer_printf(out, "%lld placements: %lld valid, %lld invalid; ",
                  t->placements, t->valid, t->placements - t->valid);
    if (t->placements == 0)
        writer_printf(out, "the input holds none\n");
    else if (t->repeat > 0)
        writer_printf(out,
                      "not distinct: record %lld repeats the one "
                      "before\n",
                      t->repeat);
    else if (t->increasing)
        writer_printf(out, "all distinct (in increasing order)\n");
    else
        writer_printf(out, "distinctness not checked (not in increasing "
                           "order)\n");
}

/* The one placement has a row with two queens; returns the exit status. */
static int report_conflict(const struct verify_request *req,
                           const struct placement_error *err)
{
    if (req->quiet)
        return EXIT_NEGATIVE;
    struct writer out;
    if (writer_open(&out, req->output) != 0)
        return EXIT_USAGE;
    writer_printf(&out, "invalid: line %lld, column %lld: %s\n", err->line,
                  err->column, err->message);
    int status = writer_close(&out, true);
    return status != 0 ? status : EXIT_NEGATIVE;
}

/* Verifies a stream whose first two records were read (the second may be
 * its end: rcs[1] == 0, a stream of one for --json; both may be: a stream
 * of none); returns the exit status. */
static int verify_stream(const struct verify_request *req,
                         const struct verify_input *in,
                         struct stream_reader *reader,
                         struct stream_record records[2], int rcs[2],
                         struct placement_error errs[2])
{
    struct writer out;
    if (writer_open(&out, req->output) != 0)
        return EXIT_USAGE;
    struct verify_tally tally = {.increasing = true};
    int status = 0;
    for (int i = 0; i < 2 && status == 0 && rcs[i] != 0; i++) {
        if (rcs[i] < 0 && rcs[i] != NQ_E_CONFLICT) {
            writer_close(&out, false);
            free(tally.last);
            return malformed(in, &errs[i]);
        }
        status = stream_check(req, &out, &records[i], rcs[i], &errs[i], &tally);
        placement_free(&records[i].placement);
        writer_record_end(&out);
        if (in->waits)
            writer_flush(&out);
    }
    while (status == 0 && rcs[1] != 0) {
        struct stream_record rec;
        struct placement_error err;
        int rc = stream_next(reader, &rec, &err);
        if (rc == 0)
            break;
        if (rc < 0 && rc != NQ_E_CONFLICT) {
            /* Malformed input fails the run: standard output keeps the
             * verdicts so far, an -o file is not left half written. */
            writer_close(&out, false);
            status = malformed(in, &err);
            free(tally.last);
            return status;
        }
        status = stream_check(req, &out, &rec, rc, &err, &tally);
        placement_free(&rec.placement);
        writer_record_end(&out);
        /* The next record may keep us waiting: this verdict is not kept
         * back until then (nothing to write for a valid one). */
        if (in->waits)
            writer_flush(&out);
    }
    free(tally.last);
    if (status != 0) {
        writer_close(&out, false);
        return status;
    }
    if (!req->quiet)
        stream_summary(req, &out, &tally);
    status = writer_close(&out, true);
    if (status != 0)
        return status;
    return tally.valid == tally.placements ? EXIT_OK : EXIT_NEGATIVE;
}

/* Placements typed on a terminal: each gets the verdict of one placement
 * as soon as it ends (the end of a vector's line, the last row of a
 * board), not once the next has begun; a closing line sums them up unless
 * there was exactly one. Returns the exit status. */
static int verify_typed(const struct verify_request *req,
                        const struct verify_input *in,
                        struct stream_reader *reader)
{
    struct verify_tally tally = {.increasing = true};
    int status = EXIT_OK;
    for (;;) {
        struct stream_record rec;
        struct placement_error err;
        int rc = stream_next(reader, &rec, &err);
        if (rc == 0)
            break;
        if (rc < 0 && rc != NQ_E_CONFLICT) {
            free(tally.last);
            return malformed(in, &err);
        }
        tally.placements++;
        int verdict = 0;
        if (rc == NQ_E_CONFLICT) {
            tally.increasing = false;
            verdict = report_conflict(req, &err);
        } else {
            bool kept = tally_order(&tally, &rec);
            verdict =
                kept ? report(req, &rec.placement) : cli_error("out of memory");
            placement_free(&rec.placement);
        }
        if (verdict == EXIT_OK)
            tally.valid++;
        else if (verdict == EXIT_NEGATIVE)
            status = EXIT_NEGATIVE;
        else {
            free(tally.last);
            return verdict;
        }
    }
    free(tally.last);
    if (tally.placements == 1 || req->quiet)
        return status;
    struct writer out;
    if (writer_open(&out, NULL) != 0)
        return EXIT_USAGE;
    stream_summary(req, &out, &tally);
    int closed = writer_close(&out, true);
    return closed != 0 ? closed : status;
}

/* Reads the input and checks it: one placement as before, or a stream. */
static int verify_input(const struct verify_request *req,
                        const struct verify_input *in)
{
    struct stream_reader *reader = stream_reader_new(in->f, &req->read);
    if (reader == NULL)
        return cli_error("out of memory");
    if (in->typed && req->output == NULL && !req->json) {
        int typed = verify_typed(req, in, reader);
        stream_reader_free(reader);
        return typed;
    }
    struct stream_record records[2];
    struct placement_error errs[2];
    int rcs[2];
    int status = 0;
    rcs[0] = stream_next(reader, &records[0], &errs[0]);
    if (rcs[0] == 0) {
        /* No placement at all (what solve 2 writes, in any format): a
         * stream of none, each of them valid. */
        rcs[1] = 0;
        status = verify_stream(req, in, reader, records, rcs, errs);
    } else if (rcs[0] < 0 && rcs[0] != NQ_E_CONFLICT) {
        status = malformed(in, &errs[0]);
    } else {
        rcs[1] = stream_next(reader, &records[1], &errs[1]);
        if (rcs[1] != 0 || req->json) {
            status = verify_stream(req, in, reader, records, rcs, errs);
        } else if (rcs[0] == NQ_E_CONFLICT) {
            status = report_conflict(req, &errs[0]);
        } else {
            status = report(req, &records[0].placement);
            placement_free(&records[0].placement);
        }
    }
    stream_reader_free(reader);
    return status;
}

int cmd_verify(int argc, char **argv)
{
    struct verify_request req = {0};
    placement_options_init(&req.read.read);
    req.read.read.allow_empty_rows = true; /* invalid, not malformed */
    int status = parse_verify_args(argc, argv, &req);
    if (status != 0)
        return status < 0 ? EXIT_OK : status;
    struct verify_input in = {0};
    status = open_input(&req, &in);
    if (status != 0)
        return status;
    status = verify_input(&req, &in);
    if (!in.from_stdin)
        fclose(in.f);
    return status;
}
