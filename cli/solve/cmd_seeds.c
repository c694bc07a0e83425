/*
 * cmd_seeds.c - `nqueens [N]`, the program of the teaching texts: every
 * solution as a numbered board, then how many there are. N comes from the
 * command line, from a prompt on a terminal, or from standard input.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "common/messages.h"
#include "common/opt_common.h"
#include "common/parse.h"
#include "nqueens.h"
#include "output/board.h"
#include "output/writer.h"

static const char seeds_head[] =
    "Usage: nqueens [OPTIONS] [N]\n"
    "       nqueens COMMAND [OPTIONS] ...\n"
    "\n"
    "Prints every solution of the N-queens puzzle as a numbered board, then\n"
    "the number of solutions. Without N it asks on a terminal, or reads N\n"
    "from standard input (echo 8 | nqueens).\n"
    "\n"
    "Options:\n";

static const char seeds_tail[] =
    "\n"
    "Commands:\n"
    "  solve N         the solutions as a stream: board, vector, json, csv\n"
    "                  or svg, all or one per symmetry class (--unique)\n"
    "  count N         count the solutions exactly: total, unique, symmetric\n"
    "  trace N         the backtracking search step by step (--board,\n"
    "                  --json, --animate, --format html)\n"
    "  bench [N]       every counting method side by side on this machine\n"
    "  complete N      complete a board with queens already placed\n"
    "  find N          one solution for any N, however large\n"
    "  verify [FILE]   check a placement given as a vector or a board\n"
    "  status FILE     how far a checkpointed count has come (--units:\n"
    "                  who counted each subproblem)\n"
    "  merge FILE...   one count from the checkpoints of its parts\n"
    "                  (count --part K/M)\n"
    "  audit FILE      count a sample of a checkpoint's subproblems again\n"
    "  help [COMMAND]  this help, or the help of COMMAND\n"
    "\n"
    "Exit status: 0 success, 1 a negative answer (no solution, invalid\n"
    "placement), 2 bad usage or bad input; 130, 143 or 129 when SIGINT,\n"
    "SIGTERM or SIGHUP stops a count (the work saved with --checkpoint)\n"
    "or an animated trace.\n";

/* The longest standard input accepted as N: a size, not a file. */
#define SEEDS_STDIN_MAX 4096

/* How often the prompt asks before it gives up. */
#define SEEDS_PROMPT_TRIES 3

/* Asks for N on the terminal; a typo is answered with its error and the
 * question again, at most SEEDS_PROMPT_TRIES times in all. */
static bool seeds_prompt_n(int *n)
{
    char text[SEEDS_STDIN_MAX + 1];
    for (int tries = 1;; tries++) {
        if (tries == 1)
            fputs("Number of queens: ", stderr);
        else
            fprintf(stderr, "Number of queens (1 to %d), again: ", NQ_MAX_N);
        fflush(stderr);
        if (fgets(text, sizeof text, stdin) == NULL) {
            /* End of input (Ctrl-D) leaves the cursor after the prompt. */
            fputc('\n', stderr);
            if (tries == 1)
                cli_usage_error("no N given");
            return false;
        }
        size_t len = strlen(text);
        /* A line longer than the buffer: the rest is no answer either. */
        if (len > 0 && text[len - 1] != '\n') {
            int c;
            while ((c = getchar()) != EOF && c != '\n') {
            }
        }
        if (cli_parse_n_text(text, len, NQ_MAX_N, "standard input", n))
            return true;
        if (tries == SEEDS_PROMPT_TRIES)
            return false;
    }
}

/* Reads N from standard input: a prompt on a terminal, else all of it. */
static bool seeds_read_n(int *n)
{
    if (isatty(STDIN_FILENO))
        return seeds_prompt_n(n);
    char text[SEEDS_STDIN_MAX + 1];
    size_t len = fread(text, 1, sizeof text, stdin);
    if (ferror(stdin)) {
        cli_error("cannot read standard input: %s", strerror(errno));
        return false;
    }
    if (len > SEEDS_STDIN_MAX) {
        cli_usage_error("standard input holds more than a number for N");
        return false;
    }
    return cli_parse_n_text(text, len, NQ_MAX_N, "standard input", n);
}

struct seeds_printer {
    struct writer *out;
    const struct board_style *style;
    uint64_t index;
};

static int seeds_print_board(const int *cols, int n, void *user)
{
    struct seeds_printer *p = user;
    p->index++;
    writer_puts(p->out, "Solution ");
    writer_put_u64(p->out, p->index);
    writer_puts(p->out, ":\n");
    board_write(p->out, cols, n, p->style);
    writer_putc(p->out, '\n');
    writer_record_end(p->out);
    return p->out->err != 0; /* stop once the output is gone */
}

/* The options after parsing. */
struct seeds_args {
    struct board_style style;
    bool version;
    const char *output; /* -o, NULL: standard output */
};

#define ARGS struct seeds_args
static const struct opt seeds_opts[] = {
    OPT_USE_HELP(opt_queen, ARGS, style.queen,
                 "how a queen is drawn (default Q)"),
    OPT_USE_HELP(opt_empty, ARGS, style.empty,
                 "how an empty square is drawn (default .)"),
    OPT_USE_HELP(opt_compact, ARGS, style.compact,
                 "no space between the cells of a row"),
    OPT_USE(opt_output, ARGS, output),
    OPT_USE_ARGS(opt_help, NULL),
    OPT_FLAG("version", 'V', ARGS, version, "show the version and exit"),
};
#undef ARGS

const struct optable seeds_table = OPTABLE(seeds_opts, 18, false);

int cmd_seeds(int argc, char **argv)
{
    struct seeds_args a = {.style = board_style_default};
    const char *n_text = NULL;
    int status = optable_parse(&seeds_table, argc, argv, &a, &n_text);
    if (status == OPTABLE_HELP) {
        optable_usage(seeds_head, &seeds_table, seeds_tail);
        return EXIT_OK;
    }
    if (status != OPTABLE_GO)
        return status;
    if (a.version) {
        printf("nqueens %s\n", nq_version());
        return EXIT_OK;
    }
    if (opt_glyphs_check(a.style.queen, a.style.empty) != 0)
        return EXIT_USAGE;

    int n = 0;
    if (n_text != NULL ? !cli_parse_n(n_text, NQ_MAX_N, "", &n)
                       : !seeds_read_n(&n))
        return EXIT_USAGE;

    struct writer out;
    if (writer_open(&out, a.output) != 0)
        return EXIT_USAGE;
    struct seeds_printer printer = {.out = &out, .style = &a.style, .index = 0};
    /* The fast engine, in the textbooks' order: the same boards. */
    int rc = nq_solve(n, NULL, seeds_print_board, &printer);
    if (rc != NQ_OK && rc != NQ_E_STOPPED) {
        writer_close(&out, false);
        return cli_error("%s", nq_strerror(rc));
    }
    uint64_t count = printer.index;
    writer_put_u64(&out, count);
    writer_puts(&out, count == 1 ? " solution in total.\n"
                                 : " solutions in total.\n");
    return writer_close(&out, true);
}
