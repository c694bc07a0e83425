/*
 * cmd_seeds.c - `nqueens [N]`, the program of the teaching texts: every
 * solution as a numbered board, then how many there are. N comes from the
 * command line, from a prompt on a terminal, or from standard input.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "commands.h"
#include "messages.h"
#include "nqueens.h"
#include "options.h"
#include "parse.h"
#include "writer.h"

static const char seeds_usage[] =
    "Usage: nqueens [OPTIONS] [N]\n"
    "       nqueens COMMAND [OPTIONS] ...\n"
    "\n"
    "Prints every solution of the N-queens puzzle as a numbered board, then\n"
    "the number of solutions. Without N it asks on a terminal, or reads N\n"
    "from standard input (echo 8 | nqueens).\n"
    "\n"
    "Options:\n"
    "  --queen GLYPH   how a queen is drawn (default Q)\n"
    "  --empty GLYPH   how an empty square is drawn (default .)\n"
    "  --compact       no space between the cells of a row\n"
    "  -h, --help      show this help and exit\n"
    "  -V, --version   show the version and exit\n"
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
    "  status FILE     how far a checkpointed count has come\n"
    "  help [COMMAND]  this help, or the help of COMMAND\n"
    "\n"
    "Exit status: 0 success, 1 a negative answer (no solution, invalid\n"
    "placement), 2 bad usage or bad input.\n";

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
            if (tries == 1)
                cli_usage_error("no N given");
            else
                fputc('\n', stderr);
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
    return p->out->err != 0; /* stop once the output is gone */
}

int cmd_seeds(int argc, char **argv)
{
    static const struct option options[] = {
        {"queen", required_argument, NULL, BOARD_OPT_QUEEN},
        {"empty", required_argument, NULL, BOARD_OPT_EMPTY},
        {"compact", no_argument, NULL, BOARD_OPT_COMPACT},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0}};
    struct board_style style = board_style_default;
    const char *n_text = NULL;

    cli_getopt_reset();
    for (;;) {
        int c = cli_getopt(argc, argv, ":hV", options, &n_text);
        if (c == -1)
            break;
        switch (c) {
        case 'h':
            fputs(seeds_usage, stdout);
            return EXIT_OK;
        case 'V':
            printf("nqueens %s\n", nq_version());
            return EXIT_OK;
        case BOARD_OPT_QUEEN:
        case BOARD_OPT_EMPTY:
        case BOARD_OPT_COMPACT:
            if (board_style_option(c, optarg, NULL, &style) != 0)
                return EXIT_USAGE;
            break;
        default:
            return cli_option_error(c, argv);
        }
    }
    if (!cli_take_rest_n(argc, argv, &n_text))
        return EXIT_USAGE;

    int n = 0;
    if (n_text != NULL ? !cli_parse_n(n_text, NQ_MAX_N, "", &n)
                       : !seeds_read_n(&n))
        return EXIT_USAGE;

    struct writer out;
    if (writer_open(&out, NULL) != 0)
        return EXIT_USAGE;
    struct seeds_printer printer = {.out = &out, .style = &style, .index = 0};
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
